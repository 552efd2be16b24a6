import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useResetPassword } from '../api/reset-password';
import { userMessage } from '../../../lib/user-message';
import { useFormMessages } from '../../../lib/use-form-messages';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { SuccessPanel } from './success-panel';

/** The page a reset email links to: choose a new password with the mailed token. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useResetPassword();
  const messages = useFormMessages({ next, confirm }, newPasswordErrors);

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
    if (!messages.validate()) return;
    reset.mutate(
      { token, newPassword: next },
      { onError: (err) => messages.fail(userMessage(err, AUTH_TEXT.changePasswordFailed)) },
    );
  };

  return (
    <form
      ref={messages.formRef}
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
        errors={messages.fieldErrors}
      />
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
      </Button>
    </form>
  );
}
