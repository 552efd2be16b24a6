import { AUTH_TEXT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@doublecast/common/auth';
import { PasswordField } from './password-field';

/** New password + confirmation, with the 8-character hint and each field's message. */
export function NewPasswordFields({
  value,
  confirm,
  onChange,
  onConfirmChange,
  errors = {},
  label = 'New password',
}: {
  value: string;
  confirm: string;
  onChange: (v: string) => void;
  onConfirmChange: (v: string) => void;
  errors?: NewPasswordErrors;
  label?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name="new-password"
        autoComplete="new-password"
        hint={AUTH_TEXT.passwordHint}
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={errors.next}
      />
      <PasswordField
        label={label === 'New password' ? 'Confirm new password' : 'Confirm password'}
        name="confirm-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}

export interface NewPasswordErrors {
  next?: string;
  confirm?: string;
}

/** What is wrong with a new password pair, on the field at fault. */
export function newPasswordErrors(v: { next: string; confirm: string }): NewPasswordErrors {
  if (v.next.length < PASSWORD_MIN_LENGTH) return { next: AUTH_TEXT.passwordTooShort };
  if (v.next.length > PASSWORD_MAX_LENGTH) return { next: AUTH_TEXT.passwordTooLong };
  if (v.next !== v.confirm) return { confirm: AUTH_TEXT.passwordsDoNotMatch };
  return {};
}
