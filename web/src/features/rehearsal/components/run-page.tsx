import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { rehearsalLines, suggestVoices } from '@doublecast/common/rehearsal';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { useAvailableVoices } from '../../../lib/available-voices';
import { userMessage } from '../../../lib/user-message';
import { runScriptQuery } from '../api/list-practice-scripts';
import { readScriptSettings } from '../settings-store';
import { SelfTape } from '../self-tape/self-tape';
import { RehearsalPlayer } from './rehearsal-player';
import { RunHeader } from './run-header';
import { usePendingWhileHydrating } from '../../../lib/use-hydrated';
import { useSignedInPage } from '../../../lib/signed-in-page';

const OPEN_FAILED = 'Failed to open the script. Please try again.';

/**
 * /practice/{scriptId}: a script's run page. The role and voices are the ones the actor last
 * chose for this script on the setup (remembered in this browser); a script opened here first
 * plays its first speaking character with the suggested voices (Back to setup changes them).
 */
export function RunPage({
  scriptId,
  autoplay,
  view = 'rehearse',
}: {
  scriptId: string;
  autoplay: boolean;
  /** The run page, or the self-tape page on the same scene and cast. */
  view?: 'rehearse' | 'self-tape';
}) {
  // Drawn as the server drew it (its frame) while React hydrates (decision 389).
  const script = usePendingWhileHydrating(useQuery(runScriptQuery(scriptId)));
  const voices = usePendingWhileHydrating(useAvailableVoices());
  const drawn = useSignedInPage()?.script;
  // The scene is drawn from its data as a transition: in short tasks, answering input between.
  const scriptData = useDeferredValue(script.data);
  const voicesData = useDeferredValue(voices.data);

  if (script.isError || voices.isError)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-white">Rehearse</h1>
        <Alert tone="error">
          {script.isError ? userMessage(script.error, OPEN_FAILED) : 'Failed to load voices'}
        </Alert>
        <ButtonLink to="/practice" variant="secondary">
          Back to Practice
        </ButtonLink>
      </div>
    );
  if (!scriptData || !voicesData)
    return (
      <RunSkeleton
        script={
          view === 'rehearse' ? ((drawn?.id === scriptId ? drawn : scriptData) ?? null) : null
        }
      />
    );

  const saved = readScriptSettings(scriptId);
  const lines = rehearsalLines(scriptData.analysis?.lines ?? []);
  const characters = scriptData.characters.filter((c) => c.lineCount > 0);
  const role = characters.some((c) => c.name === saved.role)
    ? saved.role!
    : (characters[0]?.name ?? null);
  if (!role || lines.length === 0)
    return <Navigate to={`/practice?script=${encodeURIComponent(scriptId)}`} replace />;
  const available = voicesData.voices;
  const suggested = suggestVoices(characters, available, role);
  const cast: Record<string, string> = {};
  for (const c of characters) {
    if (c.name === role) continue;
    const pick = saved.voices?.[c.name];
    cast[c.name] = pick && available.some((v) => v.id === pick) ? pick : (suggested[c.name] ?? '');
  }
  if (Object.values(cast).some((v) => !v))
    return <Navigate to={`/practice?script=${encodeURIComponent(scriptId)}`} replace />;

  if (view === 'self-tape')
    return (
      <SelfTape
        key={`${scriptId}:${role}`}
        script={scriptData}
        input={{ scriptId, role, voices: cast }}
      />
    );
  return (
    <RehearsalPlayer
      key={`${scriptId}:${role}`}
      script={scriptData}
      input={{ scriptId, role, voices: cast }}
      autoplay={autoplay}
    />
  );
}

/**
 * The page's frame while the script loads, as tall as the page it becomes; with the script's
 * title row once its title is known (the server writes it into the page, decision 389).
 */
function RunSkeleton({ script }: { script: { id: string; title: string } | null }) {
  const status = (
    <p role="status" className="text-sm text-zinc-400">
      Opening the scene…
    </p>
  );
  return (
    <div className="space-y-5" aria-busy="true">
      {script ? (
        <RunHeader scriptId={script.id} title={script.title}>
          {status}
        </RunHeader>
      ) : (
        status
      )}
      <div className="h-40 rounded-xl border border-zinc-800 bg-zinc-900/60" />
      <div className="h-[55vh] rounded-xl border border-zinc-800 bg-zinc-950/60" />
    </div>
  );
}
