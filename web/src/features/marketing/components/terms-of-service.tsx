import { Link } from 'react-router';
import { LegalPage, type LegalSection } from './legal-page';
import { SUPPORT_EMAIL } from './marketing-links';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        These terms govern your use of Doublecast. By creating an account or using the service you
        agree to them. If you do not agree, please do not use Doublecast.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and accounts',
    body: (
      <>
        <p>
          You must be at least 13 years old to use Doublecast. If you are under the age of majority
          where you live, a parent or guardian must agree to these terms for you.
        </p>
        <p>
          You are responsible for keeping your sign-in details safe and for everything done with
          your account. Tell us at once if you think someone else has used it.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <p>
        Doublecast lets you save scripts and generate spoken readings of them in a choice of voices
        for rehearsal, practice and self-tapes. Paid plans include a monthly allowance of characters
        as described on the <Link to="/pricing">pricing page</Link>. We may improve or change
        features over time; we will not remove a core paid feature during a period you have already
        paid for.
      </p>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and payment',
    body: (
      <ul>
        <li>
          Subscriptions are billed in advance, monthly or annually, and renew automatically until
          you cancel.
        </li>
        <li>
          You can cancel at any time from your account. Cancelling stops the next renewal; you keep
          access until the end of the current period.
        </li>
        <li>
          Payments are processed by our payment provider. Except where the law requires otherwise,
          payments already made are not refundable.
        </li>
        <li>
          We will give you at least 30 days' notice of any price change, and the new price applies
          only from your next renewal after that notice.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <p>
        You keep all rights to the scripts you upload and the readings you generate. You give us
        only the permission needed to store, process and play them back to you. You confirm that you
        have the right to use the scripts you upload.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>use the voices to impersonate a real person or to deceive anyone;</li>
          <li>
            generate content that is unlawful, harassing, hateful or infringes others' rights;
          </li>
          <li>
            resell, share or publicly redistribute your account or generated audio as a service;
          </li>
          <li>attempt to break, overload or get around the limits or security of the service.</li>
        </ul>
        <p>We may suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'actors',
    title: 'Booking human actors',
    body: (
      <p>
        Where Doublecast introduces you to a human actor, the rate and scope of the work are agreed
        between you and the actor for each project. The actor is responsible for their performance
        and you are responsible for paying the agreed rate.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability',
    body: (
      <p>
        We work to keep Doublecast available around the clock, but we cannot promise that it will
        never be interrupted, for example during maintenance or when an outside provider fails.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          Doublecast is provided "as is". To the extent the law allows, we are not liable for
          indirect or consequential losses, such as a missed audition or lost opportunity.
        </p>
        <p>
          Our total liability to you for any claim is limited to the amount you paid us in the 12
          months before the claim arose.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Ending your account',
    body: (
      <p>
        You may close your account at any time. We may suspend or close an account that breaks these
        terms, and will tell you why unless the law prevents it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will tell you about significant changes by email at least 30
        days before they take effect; continuing to use Doublecast after that means you accept them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use our{' '}
        <Link to="/contact">contact form</Link>. We respond within 24-48 hours.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          The rules for using Doublecast, written to be read. The short version: your content is
          yours, you can cancel anytime, and we tell you before prices change.
        </p>
      }
      sections={sections}
    />
  );
}
