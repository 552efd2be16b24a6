import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { isValidEmail } from '@doublecast/common/email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useFormMessages } from '../../../lib/use-form-messages';
import { userMessage } from '../../../lib/user-message';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const reset = useRequestPasswordReset();
  const messages = useFormMessages({ email }, (v) =>
    isValidEmail(v.email.trim()) ? {} : { email: AUTH_TEXT.invalidEmail },
  );
  const value = email.trim().toLowerCase();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    reset.reset();
    if (!messages.validate()) return;
    reset.mutate(
      { email: value },
      { onError: (err) => messages.fail(userMessage(err, AUTH_TEXT.resetEmailFailed)) },
    );
  };

  return (
    <form
      ref={messages.formRef}
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
        error={messages.fieldErrors.email}
      />
      {/* The notice is about the address it was sent to: it goes when the address changes. */}
      <div aria-live="polite">
        {reset.isSuccess && reset.variables.email === value && (
          <Alert tone="success">{AUTH_TEXT.resetEmailSent}</Alert>
        )}
      </div>
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Sending Reset Link...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
