import { Link } from 'react-router';
import { LegalPage, type LegalSection } from './legal-page';
import { SUPPORT_EMAIL } from './marketing-links';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Doublecast is a rehearsal service for actors and drama students. This policy explains what
        information the Doublecast service collects when you use it, why, where it is kept and the
        choices you have. The operator of this Doublecast installation is responsible for your data
        and can be reached at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your email address, and a password if you choose one.
            Passwords are stored only as a salted one-way hash, never in readable form.
          </li>
          <li>
            <strong>Your content:</strong> the scripts you save, the text you send for a reading,
            the audio readings generated for you, and your voice preferences.
          </li>
          <li>
            <strong>Subscription details:</strong> your plan, its status and payment dates. Card
            numbers are handled by our payment provider and never reach our servers.
          </li>
          <li>
            <strong>Usage records:</strong> how many characters you have used this month, so your
            allowance can be applied, and basic service events (for example, that a reading was
            created) recorded by our own servers.
          </li>
          <li>
            <strong>Messages you send us:</strong> the name, email, subject and message from the
            contact form, together with your browser type, so we can answer you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To create and secure your account and keep you signed in.</li>
        <li>To generate, store and play back the readings you ask for.</li>
        <li>To manage your subscription and apply your monthly allowance.</li>
        <li>To answer your messages and send you service emails, such as sign-in links.</li>
        <li>To keep the service reliable and to detect and prevent abuse.</li>
      </ul>
    ),
  },
  {
    id: 'storage',
    title: 'Where your data is stored',
    body: (
      <>
        <p>
          Doublecast stores your data in its own database and file storage, run by the operator of
          this installation. Your scripts and audio files are kept there and are not copied to
          outside analytics or advertising services.
        </p>
        <p>
          When a reading is made with an external voice provider, the text of that reading is sent
          to the provider only to produce the audio. Payments are processed by our payment provider
          under its own privacy policy.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and tracking',
    body: (
      <>
        <p>
          We use a single cookie, and only to keep you signed in. It is marked HTTP-only so that
          scripts on the page cannot read it, and it expires when you sign out or after a period of
          inactivity.
        </p>
        <p>
          We do not use advertising cookies and we load no third-party trackers or analytics
          scripts. Service events are recorded by our own servers and are never sold or shared for
          advertising.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <p>
        We do not sell your personal information. We share it only with the service providers needed
        to run Doublecast (payment processing, email delivery and, where used, voice generation),
        each limited to what that task requires, or when the law requires us to.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account data for as long as your account is open. Readings you delete are
        removed from your history. When you close your account, we delete your scripts, readings and
        profile within 30 days, except records we must keep by law, such as payment records.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>
          You may ask for a copy of your data, ask us to correct it, or ask us to delete your
          account and everything in it. You can download your readings at any time from your
          history.
        </p>
        <p>
          To make a request, <Link to="/contact">contact us</Link> from the email address on your
          account. We respond to every request within 24-48 hours.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Doublecast is for users aged 13 and over. We do not knowingly collect information from
        children under 13. If you believe a child under 13 has created an account, contact us and we
        will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        All traffic to Doublecast is encrypted in transit. Passwords are hashed with a modern,
        memory-hard algorithm, sign-in links expire after a short time and work only once, and
        access to your data is checked by the server on every request.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy, we will update the date at the top of this page and, for
        significant changes, tell you by email before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about your privacy? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use our{' '}
        <Link to="/contact">contact form</Link>. We respond within 24-48 hours.
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Your scripts and your voice work are personal. We collect as little as we can, keep it on
          our own servers, and never sell it.
        </p>
      }
      sections={sections}
    />
  );
}
