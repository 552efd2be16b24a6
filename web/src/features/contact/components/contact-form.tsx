import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CONTACT_FAILURE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_SUCCESS_MESSAGE,
} from '@doublecast/common/contact';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useFormMessages } from '../../../lib/use-form-messages';
import { useCreateContactMessage } from '../api/create-contact-message';

/** How long the success text stays on screen (docs/glossary.md#constants). */
export const CONTACT_SUCCESS_MS = 5000;

type Fields = { name: string; email: string; subject: string; message: string };

/** Blank fields (the spec has one message for them all, "Please fill in all fields"). */
const blankFields = (input: Fields) =>
  Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v.trim() === '')
      .map(([k]) => [k, CONTACT_REQUIRED_MESSAGE]),
  ) as Partial<Record<keyof Fields, string>>;

/**
 * The contact form. `defaultEmail` is the signed-in user's address; it fills the email field
 * until the visitor types their own.
 */
export function ContactForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [fields, setFields] = useState<Fields>({ name: '', email: '', subject: '', message: '' });
  const [emailTouched, setEmailTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const send = useCreateContactMessage();
  const requiredId = useId();

  // The session may arrive after the first render; fill the email then, unless already typed.
  const email = emailTouched ? fields.email : defaultEmail;
  const input = { ...fields, email };
  const messages = useFormMessages(input, blankFields);
  const blank = messages.fieldErrors;
  const blankProps = (key: keyof Fields) =>
    blank[key] ? { 'aria-invalid': true as const, 'aria-describedby': requiredId } : {};

  useEffect(() => {
    if (!sent) return;
    const id = window.setTimeout(() => setSent(false), CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(id);
  }, [sent]);

  const update = (key: keyof Fields) => (value: string) => {
    if (key === 'email') setEmailTouched(true);
    setFields((f) => ({ ...f, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    if (!messages.validate()) return;
    send.mutate(input, {
      onSuccess: () => {
        setFields({ name: '', email: '', subject: '', message: '' });
        setEmailTouched(false);
        messages.reset();
        setSent(true);
      },
      onError: () => messages.fail(CONTACT_FAILURE_MESSAGE),
    });
  };

  return (
    <form
      ref={messages.formRef}
      onSubmit={onSubmit}
      className="space-y-5"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          value={fields.name}
          onChange={(e) => update('name')(e.target.value)}
          {...blankProps('name')}
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
          {...blankProps('email')}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={300}
        value={fields.subject}
        onChange={(e) => update('subject')(e.target.value)}
        {...blankProps('subject')}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={10_000}
        value={fields.message}
        onChange={(e) => update('message')(e.target.value)}
        {...blankProps('message')}
      />
      {/* Beside the button: what blocks sending (gone once every field is filled), the refusal
          of what was sent (gone once it is changed), or the thanks (for 5 seconds). */}
      {Object.keys(blank).length > 0 && (
        <p id={requiredId} role="alert" className="text-sm text-red-300">
          {CONTACT_REQUIRED_MESSAGE}
        </p>
      )}
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <div aria-live="polite" aria-atomic="true">
        {sent && (
          <Alert tone="success" live={false}>
            {CONTACT_SUCCESS_MESSAGE}
          </Alert>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
