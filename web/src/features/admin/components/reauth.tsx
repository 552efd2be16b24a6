import { createContext, useContext, useState, type ReactNode } from 'react';
import { ADMIN_REAUTH_REQUIRED, ADMIN_TEXTS } from '@doublecast/common/admin';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { Modal } from '../../../components/ui/modal';
import { userMessage } from '../../../lib/user-message';
import { useReauthenticate } from '../api/reauthenticate';

const RequestReauth = createContext<(retry: () => void) => void>(() => undefined);

/** Asks for the password again, then repeats the action the server refused. */
export function useRequestReauth() {
  return useContext(RequestReauth);
}

export function ReauthProvider({ children }: { children: ReactNode }) {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const [password, setPassword] = useState('');
  const confirm = useReauthenticate();
  // The refusal is about the password that was sent: it goes once another is typed.
  const refused =
    confirm.isError && confirm.variables === password
      ? userMessage(confirm.error, ADMIN_TEXTS.reauthFailed)
      : null;
  const close = () => {
    setRetry(null);
    setPassword('');
    confirm.reset();
  };
  return (
    <RequestReauth.Provider value={(fn) => setRetry(() => fn)}>
      {children}
      <Modal
        open={!!retry}
        title="Confirm it's you"
        description={ADMIN_REAUTH_REQUIRED}
        onClose={close}
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate(password, {
              onSuccess: () => {
                const again = retry;
                close();
                again?.();
              },
            });
          }}
        >
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={refused}
          />
          <p className="text-xs text-zinc-400">
            No password on this account? Sign out and sign in again with a magic link.
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!password || confirm.isPending}>
              {confirm.isPending ? 'Checking...' : 'Confirm'}
            </Button>
          </div>
        </form>
      </Modal>
    </RequestReauth.Provider>
  );
}
