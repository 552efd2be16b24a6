import type { Message } from '@doublecast/common/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useInbox, useInboxMutations } from '../api/get-inbox';
import { userMessage } from '../../../lib/user-message';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const PRIORITY_TONES: Record<Message['priority'], string> = {
  low: 'text-zinc-400',
  normal: 'text-zinc-300',
  high: 'text-amber-300',
  urgent: 'text-red-300',
};

/** The user's messages from the team: newest first, unread marked, read and delete per message. */
export function Inbox() {
  const query = useInbox();
  const { markRead, remove } = useInboxMutations();
  if (query.isPending) return <PageSpinner label="Loading messages..." />;
  if (query.isError)
    return (
      <Alert tone="error">
        {userMessage(query.error, 'Failed to load your messages. Please try again.')}
      </Alert>
    );
  const { messages, unreadCount } = query.data;
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title" className="text-3xl font-extrabold tracking-tight text-white">
        Messages
      </h1>
      <p className="mt-2 text-sm text-zinc-400" role="status">
        {unreadCount === 0 ? 'No unread messages' : `${unreadCount} unread`}
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 text-zinc-300">No messages yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {messages.map((m) => (
            <li key={m.id}>
              <article
                aria-labelledby={`msg-${m.id}`}
                className={`rounded-2xl border p-5 ${
                  m.isRead ? 'border-zinc-800 bg-zinc-900/40' : 'border-brand-500/50 bg-brand-500/5'
                }`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`msg-${m.id}`} className="text-lg font-semibold text-white">
                    {!m.isRead && <span className="sr-only">Unread: </span>}
                    {m.subject}
                  </h2>
                  <p className="text-xs text-zinc-400">{when.format(new Date(m.sentAt))}</p>
                </div>
                <p className="mt-1 text-xs uppercase tracking-wide">
                  <span className="text-zinc-400">{m.category}</span>
                  {' · '}
                  <span className={PRIORITY_TONES[m.priority]}>{m.priority} priority</span>
                </p>
                <p className="mt-3 whitespace-pre-wrap text-sm text-zinc-200">{m.content}</p>
                <div className="mt-4 flex gap-2">
                  {!m.isRead && (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={markRead.isPending}
                      aria-label={`Mark "${m.subject}" as read`}
                      onClick={() => markRead.mutate(m.id)}
                    >
                      Mark as read
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending}
                    aria-label={`Delete "${m.subject}"`}
                    onClick={() => remove.mutate(m.id)}
                  >
                    Delete
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
