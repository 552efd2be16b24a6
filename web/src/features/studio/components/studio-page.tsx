import { TakesPanel } from '../../../components/direction/takes-panel';
import { DirectionNote } from './direction-note';
import { NowPlaying } from './now-playing';
import { SceneCastPanel } from './scene-cast';
import { UsageMeter } from './usage-meter';
import { ProcessingOverlay } from './processing-overlay';
import { ReadStep } from './read-step';
import { ReaderStep } from './reader-step';
import { ScriptStep } from './script-step';
import { useStudio } from './use-studio';
import { VoiceHistory } from './voice-history';

/** The Voice Studio: choose a reader, enter a script, make and hear readings (see useStudio). */
export function StudioPage() {
  const studio = useStudio();
  const { state, voice, usage, player, prefs, historyQuery, error } = studio;
  const { current } = state;
  const errorAt = (place: string) => (error?.place === place ? error.text : null);
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
        {/* The meter's place is kept while the usage loads: the steps below do not move. */}
        <div className="min-h-11 sm:w-72">{usage && <UsageMeter usage={usage} compact />}</div>
      </header>

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
          error={errorAt('voice')}
        />

        <ScriptStep
          text={state.text}
          characters={studio.characters}
          remaining={usage ? usage.remaining : null}
          settings={studio.settings}
          onTextChange={studio.setText}
          onSettingsChange={studio.setDraftSettings}
          onSettingsCommit={studio.saveSettings}
          error={errorAt('text')}
          scenePanel={
            studio.sceneCast && (
              <SceneCastPanel
                scene={studio.sceneCast}
                voices={studio.voices}
                mode={state.mode}
                cast={studio.cast}
                narratorVoiceId={studio.narratorVoiceId}
                error={errorAt('cast')}
                onMode={studio.setMode}
                onCast={studio.castCharacter}
                onNarrator={studio.setNarrator}
              />
            )
          }
        />

        <ReadStep
          canRead={!busy}
          canStop={status === 'playing' || status === 'buffering'}
          canReplay={!!current && !streaming}
          canDownload={!!current && !streaming && studio.currentIsSaved}
          onRead={() => void studio.read()}
          onStop={player.stop}
          onReplay={() => void studio.playAgain()}
          onDownload={() => current && void studio.download(current)}
          error={errorAt('generate')}
          direction={
            <DirectionNote
              note={studio.note}
              voiceId={studio.readingVoice?.id ?? null}
              scene={studio.asScene}
              onNote={studio.setNote}
            />
          }
        />

        {current && (
          <NowPlaying
            state={player.state}
            analyser={player.analyser}
            voiceName={current.voiceName}
            text={current.text}
            error={studio.playbackError}
            onPause={player.pause}
            onResume={() => void player.resume()}
            onSeek={player.seek}
          />
        )}

        {studio.takes.offeredFor(current) && (
          <section
            aria-labelledby="takes-heading"
            className="rounded-2xl border border-zinc-800 bg-zinc-900/70 p-5 sm:p-6"
          >
            <h2 id="takes-heading" className="mb-3 text-lg font-semibold text-white">
              Takes
            </h2>
            <TakesPanel label="Takes of this reading" {...studio.takes.panel} />
          </section>
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
          error={errorAt('history')}
        />
      </div>

      {state.phase === 'processing' && studio.readingVoice && (
        <ProcessingOverlay voiceName={studio.asScene ? 'your cast' : studio.readingVoice.name} />
      )}
    </div>
  );
}
