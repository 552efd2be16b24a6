import { createContext, useContext, useState, type ReactNode } from 'react';
import { ADMIN_REAUTH_REQUIRED, ADMIN_TEXTS } from '@doublecast/common/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
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
          <label className="block text-sm font-medium text-zinc-200">
            Password
            <input
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <p className="text-xs text-zinc-400">
            No password on this account? Sign out and sign in again with a magic link.
          </p>
          {confirm.isError && (
            <Alert tone="error">{userMessage(confirm.error, ADMIN_TEXTS.reauthFailed)}</Alert>
          )}
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
