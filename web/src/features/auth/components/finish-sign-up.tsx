import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AUTH_TEXT, isSignInLinkToken } from '@doublecast/common/auth';
import { isValidEmail } from '@doublecast/common/email';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useFinishSignIn } from '../api/finish-sign-in';
import { landingPath } from '../landing';
import { forgetSignIn, readSignInEmail, readSignInRedirect } from '../sign-in-storage';
import { useFormMessages } from '../../../lib/use-form-messages';
import { userMessage } from '../../../lib/user-message';

/**
 * Completes a magic-link sign-in. Opening the link only loads this page; the page posts the
 * token, so a mail scanner that opens the link first does not use it up. Without the email
 * kept on this device, the visitor confirms it.
 */
export function FinishSignUp({
  token: given,
  onSignedIn,
}: {
  token: string | null;
  onSignedIn: (target: string) => void;
}) {
  // Opened without a sign-in link's token there is nothing to finish (docs/glossary.md#magic-link).
  const token = isSignInLinkToken(given) ? given : null;
  const [storedEmail] = useState(() => readSignInEmail());
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(token ? null : AUTH_TEXT.finishInvalidLink);
  const finish = useFinishSignIn();
  const started = useRef(false);
  const messages = useFormMessages({ email }, (v) =>
    isValidEmail(v.email.trim()) ? {} : { email: AUTH_TEXT.finishWrongEmail },
  );

  const submit = (value: string) => {
    setError(null);
    finish.mutate(
      { email: value, token: token ?? '' },
      {
        onSuccess: async () => {
          const target = readSignInRedirect();
          forgetSignIn();
          onSignedIn(target ?? (await landingPath()));
        },
        onError: (err) => setError(userMessage(err, AUTH_TEXT.finishFallback)),
      },
    );
  };

  useEffect(() => {
    if (!token || !storedEmail || started.current) return;
    started.current = true;
    submit(storedEmail);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, for the link that opened the page
  }, [token, storedEmail]);

  const onConfirm = (e: FormEvent) => {
    e.preventDefault();
    if (messages.validate()) submit(email.trim().toLowerCase());
  };

  if (error && (!token || storedEmail || finish.isError)) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{error}</Alert>
        <ButtonLink to="/sign-in" size="lg">
          Back to Sign In
        </ButtonLink>
      </div>
    );
  }

  if (storedEmail || finish.isPending || finish.isSuccess) {
    return (
      <div role="status" aria-live="polite" className="flex items-center gap-3 text-zinc-300">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400"
        />
        {finish.isSuccess ? 'Signed in. Redirecting...' : 'Completing sign-in...'}
      </div>
    );
  }

  return (
    <form
      ref={messages.formRef}
      onSubmit={onConfirm}
      noValidate
      aria-label="Confirm your email"
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-zinc-300">
        Please confirm the email address this sign-in link was sent to.
      </p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
        error={messages.fieldErrors.email}
      />
      <Button type="submit" size="lg">
        Complete Sign-In
      </Button>
    </form>
  );
}
