import { useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ReaderTrack } from '@doublecast/common/rehearsal';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { useCreateReaderTrack } from '../api/create-reader-track';
import { useAvailableVoices } from '../../../lib/available-voices';
import { usePracticeScripts } from '../api/list-practice-scripts';
import { writeScriptSettings } from '../settings-store';
import { PracticeSetup } from './practice-setup';
import { ReaderTrackPanel } from './reader-track-panel';
import { userMessage } from '../../../lib/user-message';
import { usePendingWhileHydrating } from '../../../lib/use-hydrated';

const READER_TRACK_FAILED = 'Failed to make the reader track. Please try again.';

/**
 * /practice: set up a scene, then rehearse it on its run page (/practice/{id}) with the scene
 * partner, or make a reader track.
 */
export function Practice({ initialScriptId }: { initialScriptId: string | null }) {
  // Drawn loading while React hydrates the server's frame (decision 389).
  const scripts = usePendingWhileHydrating(usePracticeScripts(initialScriptId));
  const voices = usePendingWhileHydrating(useAvailableVoices());
  // The setup is drawn from its data as a transition: in short tasks, answering input between.
  const scriptList = useDeferredValue(scripts.data);
  const voiceList = useDeferredValue(voices.data);
  const navigate = useNavigate();
  const [track, setTrack] = useState<{ track: ReaderTrack; title: string } | null>(null);
  const readerTrack = useCreateReaderTrack();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-white">Practice</h1>
          <p className="mt-1 text-sm text-zinc-400">
            Your scene partner reads the other parts and waits for your lines.
          </p>
        </div>
        <Link
          to="/scripts"
          className="text-sm font-semibold text-brand-300 underline-offset-4 hover:underline"
        >
          My Scripts: add or import a scene
        </Link>
      </div>
      {scripts.isError || voices.isError ? (
        <Alert tone="error">
          {scripts.isError ? 'Failed to load scripts' : 'Failed to load voices'}
        </Alert>
      ) : !scriptList || !voiceList ? (
        <p role="status" className="text-sm text-zinc-400">
          Loading…
        </p>
      ) : (
        <Card>
          <PracticeSetup
            scripts={scriptList}
            voices={voiceList.voices}
            initialScriptId={initialScriptId}
            onStart={({ script, input }) => {
              // The run page reads the cast from here, and starts at once.
              writeScriptSettings(script.id, { role: input.role, voices: input.voices });
              void navigate(`/practice/${encodeURIComponent(script.id)}`, {
                state: { autoplay: true },
              });
            }}
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
      {readerTrack.isError && (
        <Alert tone="error">{userMessage(readerTrack.error, READER_TRACK_FAILED)}</Alert>
      )}
      {track && <ReaderTrackPanel track={track.track} title={track.title} />}
    </div>
  );
}
