import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useChangePassword } from '../api/change-password';
import { userMessage } from '../../../lib/user-message';
import { NewPasswordFields, newPasswordProblem } from './new-password-fields';
import { PasswordField } from './password-field';
import { SuccessPanel } from './success-panel';
import { useRedirectAfter } from './use-redirect-after';

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  useRedirectAfter(change.isSuccess, onDone);

  if (change.isSuccess) {
    return (
      <SuccessPanel
        title="Password Updated"
        text="Your password has been successfully changed"
        next="Taking you to the Studio..."
      />
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!current) {
      setError(AUTH_TEXT.currentPasswordIncorrect);
      return;
    }
    const problem = newPasswordProblem(next, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onError: (err) => setError(userMessage(err, AUTH_TEXT.changePasswordFailed)),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Change password"
      className="flex flex-col gap-4"
    >
      <PasswordField
        label="Current password"
        name="current-password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <NewPasswordFields
        value={next}
        confirm={confirm}
        onChange={setNext}
        onConfirmChange={setConfirm}
      />
      <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to="/studio" variant="secondary" size="lg">
          Cancel
        </ButtonLink>
        <Button type="submit" size="lg" disabled={change.isPending}>
          {change.isPending ? 'Updating Password...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
