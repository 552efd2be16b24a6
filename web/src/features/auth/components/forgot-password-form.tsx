import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { isValidEmail } from '@doublecast/common/email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { userMessage } from '../../../lib/user-message';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useRequestPasswordReset();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    reset.reset();
    const value = email.trim().toLowerCase();
    if (!isValidEmail(value)) {
      setError(AUTH_TEXT.invalidEmail);
      return;
    }
    reset.mutate(
      { email: value },
      { onError: (err) => setError(userMessage(err, AUTH_TEXT.resetEmailFailed)) },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Reset password"
      className="flex flex-col gap-4"
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
      />
      <div aria-live="polite">
        {reset.isSuccess && <Alert tone="success">{AUTH_TEXT.resetEmailSent}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Sending Reset Link...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
