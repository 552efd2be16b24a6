import { useState } from 'react';
import { ADMIN_TEXTS, type AdminUserRow } from '@doublecast/common/admin';
import {
  MESSAGE_CATEGORIES,
  MESSAGE_PRIORITIES,
  messageSentText,
} from '@doublecast/common/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useOnline } from '../../../lib/use-online';
import { useFormMessages } from '../../../lib/use-form-messages';
import { userMessage } from '../../../lib/user-message';
import { useSendAdminMessage } from '../api/send-admin-message';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40';
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Send Message (docs/glossary.md#messages): Send is disabled without subject and message. */
/** Subject and message are required by the Send button, which stays off without them (spec). */
const noChecks = () => ({});

export function MessageDialog({
  user,
  onClose,
  onSent,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
  onSent: (text: string) => void;
}) {
  const online = useOnline();
  const send = useSendAdminMessage();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<(typeof MESSAGE_CATEGORIES)[number]>('general');
  const [priority, setPriority] = useState<(typeof MESSAGE_PRIORITIES)[number]>('normal');
  const [expires, setExpires] = useState('');
  // A refused send is about what was sent: it goes once the message is changed.
  const messages = useFormMessages({ subject, content, category, priority, expires }, noChecks);
  const close = () => {
    send.reset();
    messages.fail(null);
    setSubject('');
    setContent('');
    setCategory('general');
    setPriority('normal');
    setExpires('');
    onClose();
  };
  const ready = subject.trim() !== '' && content.trim() !== '' && online && !send.isPending;
  return (
    <Modal
      open={!!user}
      title="Send Message"
      description={user ? `To ${user.email}` : undefined}
      onClose={close}
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!user || !ready) return;
          send.mutate(
            {
              userId: user.userId,
              input: {
                subject,
                content,
                category,
                priority,
                expiresAt: expires ? new Date(expires).toISOString() : null,
              },
            },
            {
              onSuccess: (res) => {
                onSent(messageSentText(res.email));
                close();
              },
              onError: (err) =>
                messages.fail(ADMIN_TEXTS.messageError(userMessage(err, ADMIN_TEXTS.unexpected))),
            },
          );
        }}
      >
        <label className="block text-sm font-medium text-zinc-200">
          Subject
          <input
            className={fieldClass}
            value={subject}
            maxLength={200}
            required
            onChange={(e) => setSubject(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-zinc-200">
          Message
          <textarea
            className={`${fieldClass} min-h-28`}
            value={content}
            maxLength={5000}
            required
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-medium text-zinc-200">
            Category
            <select
              className={fieldClass}
              value={category}
              onChange={(e) => setCategory(e.target.value as typeof category)}
            >
              {MESSAGE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {capital(c)}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-zinc-200">
            Priority
            <select
              className={fieldClass}
              value={priority}
              onChange={(e) => setPriority(e.target.value as typeof priority)}
            >
              {MESSAGE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {capital(p)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="block text-sm font-medium text-zinc-200">
          Expires (optional)
          <input
            type="datetime-local"
            className={fieldClass}
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        </label>
        {!online && <Alert tone="error">{ADMIN_TEXTS.offline}</Alert>}
        {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
