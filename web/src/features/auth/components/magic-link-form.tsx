import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { isValidEmail } from '@doublecast/common/email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSendMagicLink } from '../api/send-magic-link';
import { rememberSignIn } from '../sign-in-storage';
import { useFormMessages } from '../../../lib/use-form-messages';
import { userMessage } from '../../../lib/user-message';

/** Email in, "Send Magic Link"; used by the sign-up panel and the sign-in page's Magic Link mode. */
export function MagicLinkForm({
  variant,
  redirect = null,
}: {
  variant: 'sign-up' | 'sign-in';
  redirect?: string | null;
}) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendMagicLink();
  const messages = useFormMessages({ email }, (v) =>
    isValidEmail(v.email.trim()) ? {} : { email: AUTH_TEXT.magicLinkInvalidEmail },
  );
  const value = email.trim().toLowerCase();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSentTo(null);
    if (!messages.validate()) return;
    send.mutate(
      { email: value },
      {
        onSuccess: () => {
          rememberSignIn(value, redirect);
          setSentTo(value);
        },
        onError: (err) =>
          messages.fail(
            userMessage(
              err,
              variant === 'sign-up' ? AUTH_TEXT.signUpLinkFailed : AUTH_TEXT.magicLinkFailed,
            ),
          ),
      },
    );
  };

  return (
    <form
      ref={messages.formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="Magic link"
      className="flex flex-col gap-4"
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
        error={messages.fieldErrors.email}
      />
      {/* The notice is about the address it was sent to: it goes when the address changes. */}
      <div aria-live="polite">
        {sentTo === value && <Alert tone="success">{AUTH_TEXT.magicLinkSent(sentTo)}</Alert>}
      </div>
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending Magic Link...' : 'Send Magic Link'}
      </Button>
      <p className="text-xs text-zinc-500">
        We&apos;ll email you a link that signs you in. It works once and expires in 10 minutes.
      </p>
    </form>
  );
}
