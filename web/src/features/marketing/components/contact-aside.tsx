import { Link } from 'react-router';
import { Icon, type IconName } from './icon';
import { SUPPORT_EMAIL } from './marketing-links';

function Item({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
        <Icon name={icon} />
      </span>
      <div>
        <h3 className="font-semibold text-white">{title}</h3>
        <div className="mt-1 text-sm leading-relaxed text-zinc-400">{children}</div>
      </div>
    </li>
  );
}

/** The ways to reach the team, shown beside the contact form. */
export function ContactAside() {
  return (
    <aside aria-label="Other ways to reach us">
      <ul className="space-y-8 rounded-2xl border border-zinc-800 bg-zinc-900/40 p-6 sm:p-8">
        <Item icon="mail" title="Email">
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="font-medium text-brand-300 underline-offset-4 hover:underline"
          >
            {SUPPORT_EMAIL}
          </a>
        </Item>
        <Item icon="clock" title="Response time">
          We answer every message within 24-48 hours, including weekends.
        </Item>
        <Item icon="support" title="Subscribers">
          Paid members get priority support: mention the email on your account.
        </Item>
        <Item icon="shield" title="Privacy questions">
          See how we handle your data in our{' '}
          <Link
            to="/privacy"
            className="font-medium text-brand-300 underline-offset-4 hover:underline"
          >
            Privacy Policy
          </Link>
          .
        </Item>
      </ul>
    </aside>
  );
}
