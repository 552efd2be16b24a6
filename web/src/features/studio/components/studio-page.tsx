import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_AUDIO_SETTINGS,
  STUDIO_TEXTS,
  countCharacters,
  type AudioSettings,
  type Generation,
} from '@doublecast/common/studio';
import { GENERATE_REFUSED_MESSAGE, characterLimitMessage } from '@doublecast/common/usage';
import type { Voice } from '@doublecast/common/voices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { createGeneration } from '../api/create-generation';
import { useDeleteGeneration } from '../api/delete-generation';
import { downloadGeneration } from '../api/download-generation';
import { monthlyUsageQueryKey, useMonthlyUsage } from '../api/get-monthly-usage';
import { preferencesQueryKey, usePreferences } from '../api/get-preferences';
import { useStudioVoices } from '../api/get-studio-voices';
import { generationsQueryKey, useGenerations } from '../api/list-generations';
import { recordPlay } from '../api/record-play';
import { useUpdatePreferences } from '../api/update-preferences';
import { AudioSettingsPanel } from './audio-settings';
import { NowPlaying } from './now-playing';
import { ProcessingOverlay } from './processing-overlay';
import { useAudioPlayer } from './use-audio-player';
import { ChosenVoice, VoicePicker } from './voice-picker';
import { VoiceHistory } from './voice-history';

type Current = Pick<Generation, 'id' | 'voiceName' | 'text' | 'createdAt' | 'audioUrl'>;

/** The texts for a refused or failed reading (docs/glossary.md#allowance). */
export function generationErrorText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'network') return e.message;
    if (
      e.code === 'resource-exhausted' ||
      e.code === 'invalid-argument' ||
      e.code === 'unauthenticated'
    )
      return e.message;
    if (e.code === 'internal') return STUDIO_TEXTS.generateFailedRetry;
    return GENERATE_REFUSED_MESSAGE;
  }
  return STUDIO_TEXTS.generateFailedRetry;
}

function Step({
  n,
  title,
  children,
  id,
}: {
  n: number;
  title: string;
  children: React.ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-zinc-800 bg-zinc-900/70 p-5 sm:p-6"
    >
      <h2 id={id} className="mb-4 flex items-center gap-3 text-lg font-semibold text-white">
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm"
        >
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function StudioPage() {
  const queryClient = useQueryClient();
  const voicesQuery = useStudioVoices();
  const prefsQuery = usePreferences();
  const usageQuery = useMonthlyUsage();
  const historyQuery = useGenerations();
  const updatePrefs = useUpdatePreferences();
  const deleteMutation = useDeleteGeneration();
  const player = useAudioPlayer();
  const [searchParams, setSearchParams] = useSearchParams();

  const [voiceId, setVoiceId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [draftSettings, setDraftSettings] = useState<AudioSettings | null>(null);
  const [phase, setPhase] = useState<'idle' | 'processing' | 'streaming'>('idle');
  const [current, setCurrent] = useState<Current | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const preselected = useRef(false);
  const scriptId = useId();

  const voices = useMemo(() => voicesQuery.data?.voices ?? [], [voicesQuery.data]);
  const prefs = prefsQuery.data;
  const voice = voices.find((v) => v.id === voiceId) ?? null;
  const settings = draftSettings ?? prefs?.audioSettings ?? DEFAULT_AUDIO_SETTINGS;

  // ?voice={id} preselects (and locks) a voice, then leaves the address; otherwise the default voice.
  useEffect(() => {
    if (preselected.current || !voicesQuery.data || !prefsQuery.isFetched) return;
    preselected.current = true;
    const wanted = searchParams.get('voice');
    if (wanted !== null) {
      if (voices.some((v) => v.id === wanted)) setVoiceId(wanted);
      const next = new URLSearchParams(searchParams);
      next.delete('voice');
      setSearchParams(next, { replace: true });
    } else if (prefs?.defaultVoiceId && voices.some((v) => v.id === prefs.defaultVoiceId)) {
      setVoiceId(prefs.defaultVoiceId);
    }
  }, [voicesQuery.data, prefsQuery.isFetched, prefs, voices, searchParams, setSearchParams]);

  const usage = usageQuery.data;
  const characters = countCharacters(text);
  const leftAfter = usage ? usage.remaining - characters : null;
  const busy = phase !== 'idle';

  const refreshAfterReading = () => {
    void queryClient.invalidateQueries({ queryKey: monthlyUsageQueryKey });
    void queryClient.invalidateQueries({ queryKey: generationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: preferencesQueryKey });
  };

  const generate = async () => {
    setError(null);
    player.clearError();
    if (!voice) return setError(STUDIO_TEXTS.selectVoice);
    if (!text.trim()) return setError(STUDIO_TEXTS.enterText);
    if (usage && characters > usage.remaining)
      return setError(characterLimitMessage(usage.remaining));
    await player.prepare();
    setPhase('processing');
    try {
      const res = await createGeneration(
        {
          voiceId: voice.id,
          text,
          settings: {
            speed: settings.defaultSpeed,
            stability: settings.defaultStability,
            similarity: settings.defaultSimilarity,
          },
        },
        { idempotencyKey: crypto.randomUUID() },
      );
      setCurrent({
        id: res.generationId,
        voiceName: voice.name,
        text: text.trim(),
        createdAt: new Date().toISOString(),
        audioUrl: `/api/studio/generations/${res.generationId}/audio`,
      });
      await player.playStream(res.body, () => setPhase('streaming'));
    } catch (e) {
      setError(generationErrorText(e));
    } finally {
      setPhase('idle');
      refreshAfterReading();
    }
  };

  const playItem = async (item: Generation) => {
    setError(null);
    await player.prepare();
    setCurrent(item);
    recordPlay(item.id);
    await player.playUrl(item.audioUrl);
  };

  const playAgain = async () => {
    if (!current) return;
    await player.prepare();
    recordPlay(current.id);
    await player.replay();
  };

  const download = async (item: Current) => {
    setError(null);
    try {
      await downloadGeneration(item);
    } catch {
      setError('Failed to download audio. Please try again.');
    }
  };

  const remove = async (item: Generation) => {
    setError(null);
    setDeletingId(item.id);
    try {
      await deleteMutation.mutateAsync(item.id);
      if (current?.id === item.id) {
        player.stop();
        setCurrent(null);
      }
    } catch {
      setError(STUDIO_TEXTS.deleteFailed);
    } finally {
      setDeletingId(null);
    }
  };

  const saveSettings = () => {
    if (!draftSettings || !prefs) return;
    const same =
      draftSettings.defaultSpeed === prefs.audioSettings.defaultSpeed &&
      draftSettings.defaultStability === prefs.audioSettings.defaultStability &&
      draftSettings.defaultSimilarity === prefs.audioSettings.defaultSimilarity;
    if (!same) updatePrefs.mutate({ audioSettings: draftSettings });
  };

  const toggleFavorite = (v: Voice) => {
    const list = prefs?.favoriteVoiceIds ?? [];
    updatePrefs.mutate({
      favoriteVoiceIds: list.includes(v.id) ? list.filter((id) => id !== v.id) : [...list, v.id],
    });
  };

  const shownError = error ?? player.state.error;
  const currentIsSaved = !!current && (historyQuery.data ?? []).some((g) => g.id === current.id);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Voice Studio</h1>
          <p className="mt-1 text-zinc-400">
            Pick a reader, paste your lines, and rehearse with a voice.
          </p>
        </div>
        {usage && (
          <p className="text-sm text-zinc-400">
            <span className="font-semibold tabular-nums text-white">
              {usage.remaining.toLocaleString('en-US')}
            </span>{' '}
            of {usage.limit.toLocaleString('en-US')} characters left this month
          </p>
        )}
      </header>

      {shownError && (
        <Alert tone="error" className="mb-6">
          {shownError}
        </Alert>
      )}

      <div className="grid gap-6">
        <Step n={1} title="Choose Your Reader" id="step-voice">
          {voicesQuery.isLoading ? (
            <p role="status" className="text-sm text-zinc-400">
              Loading voices...
            </p>
          ) : voicesQuery.isError ? (
            <div className="flex flex-wrap items-center gap-3">
              <p role="alert" className="text-sm text-red-300">
                {STUDIO_TEXTS.loadVoicesFailed}
              </p>
              <Button size="sm" variant="secondary" onClick={() => void voicesQuery.refetch()}>
                Try Again
              </Button>
            </div>
          ) : voice ? (
            <ChosenVoice
              voice={voice}
              isDefault={prefs?.defaultVoiceId === voice.id}
              onChange={() => setVoiceId(null)}
              onMakeDefault={() => updatePrefs.mutate({ defaultVoiceId: voice.id })}
            />
          ) : (
            <VoicePicker
              voices={voices}
              favorites={prefs?.favoriteVoiceIds ?? []}
              recent={prefs?.recentVoiceIds ?? []}
              onChoose={(v) => {
                setVoiceId(v.id);
                setError(null);
              }}
              onToggleFavorite={toggleFavorite}
            />
          )}
        </Step>

        <Step n={2} title="Enter Your Script" id="step-script">
          <label htmlFor={scriptId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            Script
          </label>
          <textarea
            id={scriptId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Paste or type the lines you want to hear..."
            aria-describedby={`${scriptId}-count`}
            rows={7}
            className="block min-h-40 w-full resize-y rounded-lg border border-zinc-700 bg-zinc-950/70 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
          />
          <p
            id={`${scriptId}-count`}
            aria-live="polite"
            className="mt-2 flex flex-wrap justify-between gap-2 text-sm"
          >
            <span className="tabular-nums text-zinc-300">
              {characters.toLocaleString('en-US')} characters
            </span>
            {leftAfter !== null && (
              <span
                className={`tabular-nums ${leftAfter < 0 ? 'font-semibold text-red-300' : 'text-zinc-400'}`}
              >
                {leftAfter < 0
                  ? `${(-leftAfter).toLocaleString('en-US')} over what is left this month`
                  : `${leftAfter.toLocaleString('en-US')} left this month after this reading`}
              </span>
            )}
          </p>
          <div className="mt-6">
            <AudioSettingsPanel
              settings={settings}
              onChange={setDraftSettings}
              onCommit={saveSettings}
            />
          </div>
        </Step>

        <Step n={3} title="Generate" id="step-generate">
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button
              size="lg"
              onClick={() => void generate()}
              disabled={busy || !voice || !text.trim()}
            >
              Generate Voice Reading
            </Button>
            <Button
              variant="secondary"
              size="lg"
              onClick={player.stop}
              disabled={player.state.status !== 'playing' && player.state.status !== 'buffering'}
            >
              Stop Playback
            </Button>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => void playAgain()}
              disabled={!current || player.state.streaming}
            >
              Play Again
            </Button>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => current && void download(current)}
              disabled={!current || player.state.streaming || !currentIsSaved}
            >
              Download
            </Button>
          </div>
        </Step>

        {current && (
          <NowPlaying
            state={player.state}
            analyser={player.analyser}
            voiceName={current.voiceName}
            text={current.text}
          />
        )}

        <VoiceHistory
          items={historyQuery.data ?? []}
          isLoading={historyQuery.isLoading}
          isError={historyQuery.isError}
          isRefreshing={historyQuery.isFetching && !historyQuery.isLoading}
          playingId={player.state.status === 'playing' ? (current?.id ?? null) : null}
          deletingId={deletingId}
          onRefresh={() => void historyQuery.refetch()}
          onPlay={(item) => void playItem(item)}
          onDownload={(item) => void download(item)}
          onDelete={(item) => void remove(item)}
        />
      </div>

      {phase === 'processing' && voice && <ProcessingOverlay voiceName={voice.name} />}
    </div>
  );
}
