import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { isValidEmail } from '@doublecast/common/email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSendMagicLink } from '../api/send-magic-link';
import { rememberSignIn } from '../sign-in-storage';
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
  const [error, setError] = useState<string | null>(null);
  const send = useSendMagicLink();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSentTo(null);
    const value = email.trim().toLowerCase();
    if (!isValidEmail(value)) {
      setError(AUTH_TEXT.magicLinkInvalidEmail);
      return;
    }
    send.mutate(
      { email: value },
      {
        onSuccess: () => {
          rememberSignIn(value, redirect);
          setSentTo(value);
        },
        onError: (err) =>
          setError(
            userMessage(
              err,
              variant === 'sign-up' ? AUTH_TEXT.signUpLinkFailed : AUTH_TEXT.magicLinkFailed,
            ),
          ),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Magic link" className="flex flex-col gap-4">
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
      />
      <div aria-live="polite">
        {sentTo && <Alert tone="success">{AUTH_TEXT.magicLinkSent(sentTo)}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending Magic Link...' : 'Send Magic Link'}
      </Button>
      <p className="text-xs text-zinc-500">
        We&apos;ll email you a link that signs you in. It works once and expires in 10 minutes.
      </p>
    </form>
  );
}
