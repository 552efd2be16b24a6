import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useChangePassword } from '../api/change-password';
import { userMessage } from '../../../lib/user-message';
import { useFormMessages } from '../../../lib/use-form-messages';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { PasswordField } from './password-field';
import { SuccessPanel } from './success-panel';
import { useRedirectAfter } from './use-redirect-after';

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useChangePassword();
  const messages = useFormMessages({ current, next, confirm }, (v) => ({
    ...(v.current ? {} : { current: AUTH_TEXT.currentPasswordIncorrect }),
    ...newPasswordErrors(v),
  }));
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
    if (!messages.validate()) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      { onError: (err) => messages.fail(userMessage(err, AUTH_TEXT.changePasswordFailed)) },
    );
  };

  return (
    <form
      ref={messages.formRef}
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
        error={messages.fieldErrors.current}
      />
      <NewPasswordFields
        value={next}
        confirm={confirm}
        onChange={setNext}
        onConfirmChange={setConfirm}
        errors={messages.fieldErrors}
      />
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
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
