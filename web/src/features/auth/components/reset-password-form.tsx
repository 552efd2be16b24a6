import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useResetPassword } from '../api/reset-password';
import { userMessage } from '../../../lib/user-message';
import { NewPasswordFields, newPasswordProblem } from './new-password-fields';
import { SuccessPanel } from './success-panel';

/** The page a reset email links to: choose a new password with the mailed token. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();

  if (!token) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{AUTH_TEXT.resetLinkExpired}</Alert>
        <ButtonLink to="/forgot-password" size="lg">
          Request a New Link
        </ButtonLink>
      </div>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <SuccessPanel
          title="Password Reset"
          text="Your password has been reset. Sign in with your new password."
        />
        <ButtonLink to="/sign-in" size="lg">
          Go to Sign In
        </ButtonLink>
      </div>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem = newPasswordProblem(next, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    reset.mutate(
      { token, newPassword: next },
      { onError: (err) => setError(userMessage(err, AUTH_TEXT.changePasswordFailed)) },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Choose a new password"
      className="flex flex-col gap-4"
    >
      <NewPasswordFields
        value={next}
        confirm={confirm}
        onChange={setNext}
        onConfirmChange={setConfirm}
      />
      <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
      </Button>
    </form>
  );
}
