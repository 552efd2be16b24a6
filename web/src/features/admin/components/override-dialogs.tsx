import { useState } from 'react';
import {
  ADMIN_TEXTS,
  OVERRIDE_DAYS_ERROR,
  OVERRIDE_DEFAULT_DAYS,
  OVERRIDE_MAX_DAYS,
  OVERRIDE_MIN_DAYS,
  type AdminUserRow,
} from '@doublecast/common/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useFormMessages } from '../../../lib/use-form-messages';
import { useOnline } from '../../../lib/use-online';
import { userMessage } from '../../../lib/user-message';
import { isReauthRequired } from '../api/reauthenticate';
import { useOverrideMutations } from '../api/set-override';
import { useRequestReauth } from './reauth';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40';

/** Override Access (docs/glossary.md#override): tier free or paid, 1 to 365 days. */
export function OverrideDialog({
  user,
  onClose,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={!!user}
      title="Override Access"
      description={
        user
          ? `${user.email} will be able to record scripts as if they were a paid subscriber (or be held to the free tier) until the override ends.`
          : undefined
      }
      onClose={onClose}
    >
      {user && <OverrideForm user={user} onClose={onClose} />}
    </Modal>
  );
}

/** The dialog's form: drawn afresh each time the dialog opens, so nothing carries over. */
function OverrideForm({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const online = useOnline();
  const { set } = useOverrideMutations();
  const requestReauth = useRequestReauth();
  const [tier, setTier] = useState<'free' | 'paid'>('paid');
  const [days, setDays] = useState(String(OVERRIDE_DEFAULT_DAYS));
  const messages = useFormMessages({ tier, days }, (v) => {
    const n = Number(v.days);
    const valid = Number.isInteger(n) && n >= OVERRIDE_MIN_DAYS && n <= OVERRIDE_MAX_DAYS;
    return valid ? {} : { days: OVERRIDE_DAYS_ERROR };
  });
  return (
    <form
      ref={messages.formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!messages.validate() || !online) return;
        const submit = () =>
          set.mutate(
            { userId: user.userId, input: { tier, days: Number(days) } },
            {
              onSuccess: onClose,
              onError: (err) =>
                isReauthRequired(err)
                  ? requestReauth(submit)
                  : messages.fail(
                      ADMIN_TEXTS.overrideError(userMessage(err, ADMIN_TEXTS.unexpected)),
                    ),
            },
          );
        submit();
      }}
      className="space-y-4"
    >
      <label className="block text-sm font-medium text-zinc-200">
        Tier
        <select
          className={fieldClass}
          value={tier}
          onChange={(e) => setTier(e.target.value as 'free' | 'paid')}
        >
          <option value="paid">Paid</option>
          <option value="free">Free</option>
        </select>
      </label>
      <TextField
        label="Duration (days)"
        type="number"
        inputMode="numeric"
        min={OVERRIDE_MIN_DAYS}
        max={OVERRIDE_MAX_DAYS}
        step={1}
        required
        value={days}
        onChange={(e) => setDays(e.target.value)}
        error={messages.fieldErrors.days}
      />
      {!online && <Alert tone="error">{ADMIN_TEXTS.offline}</Alert>}
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!online || set.isPending}>
          {set.isPending ? 'Saving...' : 'Confirm Override'}
        </Button>
      </div>
    </form>
  );
}

/** Revoking an override needs confirmation (docs/glossary.md#override). */
export function RevokeDialog({
  user,
  onClose,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
}) {
  const online = useOnline();
  const { revoke } = useOverrideMutations();
  const requestReauth = useRequestReauth();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal
      open={!!user}
      title="Revoke Override"
      description={
        user
          ? `Revoke the ${user.override?.tier ?? ''} override of ${user.email}? Their own subscription decides their tier again at once.`
          : undefined
      }
      onClose={close}
    >
      {!online && <Alert tone="error">{ADMIN_TEXTS.offline}</Alert>}
      {revoke.isError && !isReauthRequired(revoke.error) && (
        <Alert tone="error">
          {ADMIN_TEXTS.revokeError(userMessage(revoke.error, ADMIN_TEXTS.unexpected))}
        </Alert>
      )}
      <div className="mt-4 flex justify-end gap-3">
        <Button variant="secondary" onClick={close} data-autofocus>
          Cancel
        </Button>
        <Button
          className="!bg-red-600 hover:!bg-red-500"
          disabled={!online || revoke.isPending}
          onClick={() => {
            if (!user) return;
            const submit = () =>
              revoke.mutate(user.userId, {
                onSuccess: close,
                onError: (e) => isReauthRequired(e) && requestReauth(submit),
              });
            submit();
          }}
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke Override'}
        </Button>
      </div>
    </Modal>
  );
}
