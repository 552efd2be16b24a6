import { useEffect, useState, type FormEvent } from 'react';
import {
  CONTACT_FAILURE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_SUCCESS_MESSAGE,
} from '@doublecast/common/contact';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useCreateContactMessage } from '../api/create-contact-message';

/** How long the success text stays on screen (docs/glossary.md#constants). */
export const CONTACT_SUCCESS_MS = 5000;

type Fields = { name: string; email: string; subject: string; message: string };
type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The contact form. `defaultEmail` is the signed-in user's address; it fills the email field
 * until the visitor types their own.
 */
export function ContactForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [fields, setFields] = useState<Fields>({ name: '', email: '', subject: '', message: '' });
  const [emailTouched, setEmailTouched] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const send = useCreateContactMessage();

  // The session may arrive after the first render; fill the email then, unless already typed.
  const email = emailTouched ? fields.email : defaultEmail;

  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const id = window.setTimeout(() => setNotice(null), CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(id);
  }, [notice]);

  const update = (key: keyof Fields) => (value: string) => {
    if (key === 'email') setEmailTouched(true);
    setFields((f) => ({ ...f, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...fields, email };
    if (Object.values(input).some((v) => v.trim() === '')) {
      setNotice({ tone: 'error', text: CONTACT_REQUIRED_MESSAGE });
      return;
    }
    setNotice(null);
    send.mutate(input, {
      onSuccess: () => {
        setFields({ name: '', email: '', subject: '', message: '' });
        setEmailTouched(false);
        setNotice({ tone: 'success', text: CONTACT_SUCCESS_MESSAGE });
      },
      onError: () => setNotice({ tone: 'error', text: CONTACT_FAILURE_MESSAGE }),
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          value={fields.name}
          onChange={(e) => update('name')(e.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={320}
          value={email}
          onChange={(e) => update('email')(e.target.value)}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={300}
        value={fields.subject}
        onChange={(e) => update('subject')(e.target.value)}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={10_000}
        value={fields.message}
        onChange={(e) => update('message')(e.target.value)}
      />
      {/* One live region that is always present, so every notice is announced. */}
      <div aria-live="polite" aria-atomic="true">
        {notice && (
          <Alert tone={notice.tone} live={false}>
            {notice.text}
          </Alert>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
