import { useState, type FormEvent } from 'react';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { userMessage } from '../../../lib/user-message';
import { useSetPassword } from '../api/set-password';
import { useFormMessages } from '../../../lib/use-form-messages';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { SuccessPanel } from './success-panel';
import { useRedirectAfter } from './use-redirect-after';

export function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const set = useSetPassword();
  const messages = useFormMessages({ next, confirm }, newPasswordErrors);
  useRedirectAfter(set.isSuccess, onDone);

  if (set.isSuccess) {
    return (
      <SuccessPanel
        title="Password Set Successfully"
        text="You can now sign in with a magic link or with your email and password."
        next="Taking you to the Studio..."
      />
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!messages.validate()) return;
    set.mutate(
      { newPassword: next },
      {
        onError: (err) =>
          messages.fail(
            err instanceof ApiError && err.code === 'unauthenticated'
              ? AUTH_TEXT.setPasswordSignInAgain
              : userMessage(err, AUTH_TEXT.setPasswordFailed),
          ),
      },
    );
  };

  return (
    <form
      ref={messages.formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="Set a password"
      className="flex flex-col gap-4"
    >
      <NewPasswordFields
        label="New password"
        value={next}
        confirm={confirm}
        onChange={setNext}
        onConfirmChange={setConfirm}
        errors={messages.fieldErrors}
      />
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to="/studio" variant="secondary" size="lg">
          Skip for now
        </ButtonLink>
        <Button type="submit" size="lg" disabled={set.isPending}>
          {set.isPending ? 'Setting Password...' : 'Set Password'}
        </Button>
      </div>
    </form>
  );
}
