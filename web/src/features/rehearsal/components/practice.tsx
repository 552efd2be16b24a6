import { useState } from 'react';
import type { ReaderTrack, RehearsalPlanInput } from '@doublecast/common/rehearsal';
import type { Script } from '@doublecast/common/scripts';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { useCreateReaderTrack } from '../api/create-reader-track';
import { useAvailableVoices } from '../../../lib/available-voices';
import { useOpenPracticeScript, usePracticeScripts } from '../api/list-practice-scripts';
import { PracticeSetup } from './practice-setup';
import { ReaderTrackPanel } from './reader-track-panel';
import { RehearsalPlayer } from './rehearsal-player';
import { userMessage } from '../../../lib/user-message';

const OPEN_FAILED = 'Failed to open the script. Please try again.';
const READER_TRACK_FAILED = 'Failed to make the reader track. Please try again.';

/** /practice: set up a scene, then rehearse it with the scene partner or make a reader track. */
export function Practice({ initialScriptId }: { initialScriptId: string | null }) {
  const scripts = usePracticeScripts(initialScriptId);
  const voices = useAvailableVoices();
  const [run, setRun] = useState<{ script: Script; input: RehearsalPlanInput } | null>(null);
  const [track, setTrack] = useState<{ track: ReaderTrack; title: string } | null>(null);
  const readerTrack = useCreateReaderTrack();
  // The list holds previews; a run reads the whole script, fetched when it starts.
  const opening = useOpenPracticeScript();

  if (run)
    return <RehearsalPlayer script={run.script} input={run.input} onExit={() => setRun(null)} />;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-white">Practice</h1>
        <p className="mt-1 text-sm text-zinc-400">
          Your scene partner reads the other parts and waits for your lines.
        </p>
      </div>
      {scripts.isError || voices.isError ? (
        <Alert tone="error">
          {scripts.isError ? 'Failed to load scripts' : 'Failed to load voices'}
        </Alert>
      ) : scripts.isLoading || voices.isLoading ? (
        <p role="status" className="text-sm text-zinc-400">
          Loading…
        </p>
      ) : (
        <Card>
          <PracticeSetup
            scripts={scripts.data ?? []}
            voices={voices.data?.voices ?? []}
            initialScriptId={initialScriptId}
            onStart={({ script, input }) =>
              opening.mutate(script.id, { onSuccess: (full) => setRun({ script: full, input }) })
            }
            readerTrackBusy={readerTrack.isPending}
            onReaderTrack={({ script, input }) => {
              setTrack(null);
              readerTrack.mutate(input, {
                onSuccess: (t) => setTrack({ track: t, title: script.title }),
              });
            }}
          />
        </Card>
      )}
      {opening.isError && <Alert tone="error">{userMessage(opening.error, OPEN_FAILED)}</Alert>}
      {readerTrack.isError && (
        <Alert tone="error">{userMessage(readerTrack.error, READER_TRACK_FAILED)}</Alert>
      )}
      {track && <ReaderTrackPanel track={track.track} title={track.title} />}
    </div>
  );
}
