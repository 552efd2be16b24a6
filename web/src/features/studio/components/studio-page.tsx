import { Alert } from '../../../components/ui/alert';
import { NowPlaying } from './now-playing';
import { ProcessingOverlay } from './processing-overlay';
import { ReadStep } from './read-step';
import { ReaderStep } from './reader-step';
import { ScriptStep } from './script-step';
import { useStudio } from './use-studio';
import { VoiceHistory } from './voice-history';

/** The Voice Studio: choose a reader, enter a script, make and hear readings (see useStudio). */
export function StudioPage() {
  const studio = useStudio();
  const { state, voice, usage, player, prefs, historyQuery } = studio;
  const { current } = state;
  const busy = state.phase !== 'idle';
  const { status, streaming } = player.state;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Voice Studio</h1>
          <p className="mt-1 text-zinc-400">
            Pick a reader, paste your lines, and rehearse with a voice.
          </p>
        </div>
        {/* The line's place is kept while the usage loads: the steps below do not move. */}
        <p className="min-h-5 text-sm text-zinc-400">
          {usage && (
            <>
              <span className="font-semibold tabular-nums text-white">
                {usage.remaining.toLocaleString('en-US')}
              </span>{' '}
              of {usage.limit.toLocaleString('en-US')} characters left this month
            </>
          )}
        </p>
      </header>

      {studio.shownError && (
        <Alert tone="error" className="mb-6">
          {studio.shownError}
        </Alert>
      )}

      <div className="grid gap-6">
        <ReaderStep
          voices={studio.voices}
          isLoading={studio.voicesLoading}
          isError={studio.voicesQuery.isError}
          onRetry={() => void studio.voicesQuery.refetch()}
          voice={voice}
          defaultVoiceId={prefs?.defaultVoiceId}
          favorites={prefs?.favoriteVoiceIds ?? []}
          recent={prefs?.recentVoiceIds ?? []}
          onChoose={studio.chooseVoice}
          onMakeDefault={studio.makeDefault}
          onToggleFavorite={studio.toggleFavorite}
        />

        <ScriptStep
          text={state.text}
          characters={studio.characters}
          remaining={usage ? usage.remaining : null}
          settings={studio.settings}
          onTextChange={studio.setText}
          onSettingsChange={studio.setDraftSettings}
          onSettingsCommit={studio.saveSettings}
        />

        <ReadStep
          canRead={!busy && !!voice && !!state.text.trim()}
          canStop={status === 'playing' || status === 'buffering'}
          canReplay={!!current && !streaming}
          canDownload={!!current && !streaming && studio.currentIsSaved}
          onRead={() => void studio.read()}
          onStop={player.stop}
          onReplay={() => void studio.playAgain()}
          onDownload={() => current && void studio.download(current)}
        />

        {current && (
          <NowPlaying
            state={player.state}
            analyser={player.analyser}
            voiceName={current.voiceName}
            text={current.text}
          />
        )}

        <VoiceHistory
          items={studio.history}
          isLoading={historyQuery.isLoading}
          isError={historyQuery.isError}
          isRefreshing={historyQuery.isFetching && !historyQuery.isLoading}
          playingId={status === 'playing' ? (current?.id ?? null) : null}
          deletingId={state.deletingId}
          onRefresh={() => void historyQuery.refetch()}
          onPlay={(item) => void studio.playItem(item)}
          onDownload={(item) => void studio.download(item)}
          onDelete={(item) => void studio.remove(item)}
        />
      </div>

      {state.phase === 'processing' && voice && <ProcessingOverlay voiceName={voice.name} />}
    </div>
  );
}
