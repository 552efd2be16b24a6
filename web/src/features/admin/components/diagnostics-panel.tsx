import { useState } from 'react';
import { ADMIN_TEXTS } from '@doublecast/common/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useOnline } from '../../../lib/use-online';
import { userMessage } from '../../../lib/user-message';
import { useRunDiagnostic, type Diagnostic } from '../api/run-diagnostic';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40';

/**
 * Diagnostics (docs/glossary.md#diagnostics): create a missing user record, update last sign-in,
 * test recordings. Each result shows beside the action that ran, while its inputs are unchanged.
 */
export function DiagnosticsPanel() {
  const online = useOnline();
  const run = useRunDiagnostic();
  const [email, setEmail] = useState('');
  const [userId, setUserId] = useState('');
  const [count, setCount] = useState('1');
  const go = (d: Diagnostic) => run.mutate(d);
  const busy = run.isPending || !online;
  const current: Diagnostic[] = [
    { kind: 'user-record', body: { email } },
    { kind: 'last-sign-in', body: { userId: userId.trim() } },
    { kind: 'test-recordings', body: { userId: userId.trim(), count: Number(count) } },
  ];
  /** The outcome of the last run of `kind`, if its inputs are still the ones it ran with. */
  const outcome = (kinds: Diagnostic['kind'][]) => {
    const ran = run.variables;
    if (!ran || !kinds.includes(ran.kind) || run.isPending) return null;
    const now = current.find((d) => d.kind === ran.kind);
    if (JSON.stringify(now?.body) !== JSON.stringify(ran.body)) return null;
    if (run.isSuccess)
      return <Alert tone="success">{`${run.data.message} (user ${run.data.userId})`}</Alert>;
    if (run.isError)
      return <Alert tone="error">{userMessage(run.error, ADMIN_TEXTS.diagnosticFailed)}</Alert>;
    return null;
  };
  return (
    <section aria-labelledby="diagnostics-title" className="space-y-6">
      <h3 id="diagnostics-title" className="text-lg font-semibold text-white">
        Diagnostics
      </h3>
      <form
        className="max-w-xl space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          go({ kind: 'user-record', body: { email } });
        }}
      >
        <label className="block text-sm font-medium text-zinc-200">
          Email for a missing user record
          <input
            type="email"
            required
            className={fieldClass}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={busy || !email}>
          Create User Record
        </Button>
        {outcome(['user-record'])}
      </form>
      <div className="max-w-xl space-y-2">
        <label className="block text-sm font-medium text-zinc-200">
          User ID
          <input
            className={fieldClass}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          />
        </label>
        <div className="flex flex-wrap items-end gap-3">
          <Button
            variant="secondary"
            disabled={busy || !userId.trim()}
            onClick={() => go({ kind: 'last-sign-in', body: { userId: userId.trim() } })}
          >
            Update Last Sign-in
          </Button>
          <label className="text-sm font-medium text-zinc-200">
            Test recordings (1-10)
            <input
              type="number"
              min={1}
              max={10}
              className={`${fieldClass} w-24`}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </label>
          <Button
            variant="secondary"
            disabled={busy || !userId.trim()}
            onClick={() =>
              go({ kind: 'test-recordings', body: { userId: userId.trim(), count: Number(count) } })
            }
          >
            Create Test Recordings
          </Button>
        </div>
        {outcome(['last-sign-in', 'test-recordings'])}
      </div>
    </section>
  );
}
