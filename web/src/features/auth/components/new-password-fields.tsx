import { AUTH_TEXT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@doublecast/common/auth';
import { PasswordField } from './password-field';

/** New password + confirmation, with the 8-character hint. */
export function NewPasswordFields({
  value,
  confirm,
  onChange,
  onConfirmChange,
  label = 'New password',
}: {
  value: string;
  confirm: string;
  onChange: (v: string) => void;
  onConfirmChange: (v: string) => void;
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
      />
      <PasswordField
        label={label === 'New password' ? 'Confirm new password' : 'Confirm password'}
        name="confirm-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
      />
    </>
  );
}

/** The first problem with a new password pair, or null. */
export function newPasswordProblem(value: string, confirm: string): string | null {
  if (value.length < PASSWORD_MIN_LENGTH) return AUTH_TEXT.passwordTooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return AUTH_TEXT.passwordTooLong;
  if (value !== confirm) return AUTH_TEXT.passwordsDoNotMatch;
  return null;
}
