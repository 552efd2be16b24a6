import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_AUDIO_SETTINGS,
  STUDIO_TEXTS,
  countCharacters,
  synthesisSettingsOf,
  type AudioSettings,
  type Reading,
  type ReadingInput,
} from '@doublecast/common/studio';
import type { Voice } from '@doublecast/common/voices';
import { createReading } from '../api/create-reading';
import { useDeleteReading } from '../api/delete-reading';
import { downloadReading } from '../api/download-reading';
import { monthlyUsageQueryKey, useMonthlyUsage } from '../api/get-monthly-usage';
import { preferencesQueryKey, usePreferences } from '../api/get-preferences';
import { useAvailableVoices } from '../../../lib/available-voices';
import { readingsQueryKey, useReadings } from '../api/list-readings';
import { recordPlay } from '../api/record-play';
import { useUpdatePreferences } from '../api/update-preferences';
import {
  arrivalVoice,
  initialStudioState,
  liveError,
  readingBlocker,
  readingError,
  sameSettings,
  studioReducer,
  toggledFavorites,
  type CurrentReading,
  type ReadMode,
  type StudioError,
} from './studio-state';
import { useSceneCast } from '../api/cast-scene';
import { useDebounced } from '../../../lib/use-debounced';
import { apiUrl } from '../../../lib/api-client';
import { useAudioPlayer } from './use-audio-player';
import { useStudioTakes } from './use-studio-takes';

const DOWNLOAD_FAILED = 'Failed to download audio. Please try again.';

/**
 * The Studio's state and actions: the chosen voice, the script, the audio settings, the reading
 * on stage and the history. State changes go through studioReducer; this hook adds the server
 * (queries, mutations) and the one audio player.
 */
export function useStudio() {
  const queryClient = useQueryClient();
  const voicesQuery = useAvailableVoices();
  const prefsQuery = usePreferences();
  const usageQuery = useMonthlyUsage();
  const historyQuery = useReadings();
  const updatePrefs = useUpdatePreferences();
  const deleteMutation = useDeleteReading();
  const player = useAudioPlayer();
  const [searchParams, setSearchParams] = useSearchParams();
  const [state, dispatch] = useReducer(studioReducer, initialStudioState);
  const preselected = useRef(false);
  const [note, setNote] = useState('');
  /** The reading whose audio the player holds: a kept take is on stage without being loaded. */
  const loaded = useRef<string | null>(null);

  const voices = useMemo(() => voicesQuery.data?.voices ?? [], [voicesQuery.data]);
  const prefs = prefsQuery.data;
  const usage = usageQuery.data;
  const voice = voices.find((v) => v.id === state.voiceId) ?? null;
  const settings = state.draftSettings ?? prefs?.audioSettings ?? DEFAULT_AUDIO_SETTINGS;
  const { current } = state;

  // Read as a scene: the server says whether the text is a script and suggests a cast; the
  // user's own picks win (decisions 281, 282).
  const castQuery = useSceneCast(useDebounced(state.text, 350));
  const sceneCast = castQuery.data?.isScene ? castQuery.data : null;
  const asScene = !!sceneCast && state.mode === 'scene';
  const cast: Record<string, string> = {};
  for (const c of sceneCast?.characters ?? []) {
    const voiceId = state.cast[c.name] ?? c.voiceId ?? voice?.id;
    if (voiceId) cast[c.name] = voiceId;
  }
  // Headings and action are skipped until the user picks a narrator: an actor rehearses the
  // dialogue, and a heading read aloud was the complaint that started scene readings.
  const narratorVoiceId = state.narratorVoiceId || null;
  const cost = asScene
    ? sceneCast.spokenCharacters + (narratorVoiceId ? sceneCast.narrationCharacters : 0)
    : countCharacters(state.text);
  const readingVoice: Voice | null = asScene
    ? (voices.find((v) => v.id === (narratorVoiceId ?? Object.values(cast)[0])) ?? null)
    : voice;

  // ?voice={id} preselects (and locks) a voice, then leaves the address; otherwise the default voice.
  useEffect(() => {
    if (preselected.current || !voicesQuery.data || !prefsQuery.isFetched) return;
    preselected.current = true;
    const wanted = searchParams.get('voice');
    const chosen = arrivalVoice(voices, wanted, prefs?.defaultVoiceId);
    if (chosen) dispatch({ type: 'choose-voice', voiceId: chosen });
    if (wanted !== null) {
      const next = new URLSearchParams(searchParams);
      next.delete('voice');
      setSearchParams(next, { replace: true });
    }
  }, [voicesQuery.data, prefsQuery.isFetched, prefs, voices, searchParams, setSearchParams]);

  const fail = (error: StudioError | null) => dispatch({ type: 'fail', error });

  const refreshAfterReading = () => {
    void queryClient.invalidateQueries({ queryKey: monthlyUsageQueryKey });
    void queryClient.invalidateQueries({ queryKey: readingsQueryKey });
    void queryClient.invalidateQueries({ queryKey: preferencesQueryKey });
  };

  const takes = useStudioTakes({
    onChanged: () => refreshAfterReading(),
    onKept: (reading) => dispatch({ type: 'show-reading', reading }),
    onStart: () => player.stop(),
  });

  const read = async () => {
    fail(null);
    player.clearError();
    const blocker = readingBlocker(readingVoice, state.text, usage ?? null, cost);
    if (blocker || !readingVoice) return fail(blocker);
    const { text } = state;
    await player.prepare();
    dispatch({ type: 'set-phase', phase: 'processing' });
    try {
      const input: ReadingInput = {
        voiceId: readingVoice.id,
        text,
        settings: synthesisSettingsOf(settings),
        ...(asScene ? { scene: { cast, narratorVoiceId } } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      const res = await createReading(input, { idempotencyKey: crypto.randomUUID() });
      const voicesUsed = new Set([
        ...Object.values(cast),
        ...(narratorVoiceId ? [narratorVoiceId] : []),
      ]);
      const reading = {
        id: res.readingId,
        voiceName: asScene ? `Scene, ${voicesUsed.size} voices` : readingVoice.name,
        text: text.trim(),
        createdAt: new Date().toISOString(),
        audioUrl: apiUrl(`/api/readings/${res.readingId}/audio`),
      };
      dispatch({ type: 'show-reading', reading });
      loaded.current = reading.id;
      takes.start(input, reading);
      await player.playStream(res.body, () => dispatch({ type: 'set-phase', phase: 'streaming' }));
    } catch (e) {
      fail(readingError(e));
    } finally {
      dispatch({ type: 'set-phase', phase: 'idle' });
      refreshAfterReading();
    }
  };

  const playItem = async (item: Reading) => {
    fail(null);
    await player.prepare();
    dispatch({ type: 'show-reading', reading: item });
    recordPlay(item.id);
    loaded.current = item.id;
    await player.playUrl(item.audioUrl);
  };

  const playAgain = async () => {
    if (!current) return;
    await player.prepare();
    recordPlay(current.id);
    if (loaded.current === current.id) return player.replay();
    loaded.current = current.id;
    await player.playUrl(current.audioUrl);
  };

  const download = async (item: CurrentReading) => {
    fail(null);
    try {
      await downloadReading(item);
    } catch {
      fail({ text: DOWNLOAD_FAILED, place: 'history' });
    }
  };

  const remove = async (item: Reading) => {
    dispatch({ type: 'delete-started', id: item.id });
    let removed = false;
    try {
      await deleteMutation.mutateAsync(item.id);
      removed = true;
      if (current?.id === item.id) player.stop();
    } catch {
      fail({ text: STUDIO_TEXTS.deleteFailed, place: 'history' });
    } finally {
      dispatch({ type: 'delete-finished', removed });
    }
  };

  const saveSettings = () => {
    if (!state.draftSettings || !prefs) return;
    if (!sameSettings(state.draftSettings, prefs.audioSettings))
      updatePrefs.mutate({ audioSettings: state.draftSettings });
  };

  const toggleFavorite = (v: Voice) =>
    updatePrefs.mutate({ favoriteVoiceIds: toggledFavorites(prefs?.favoriteVoiceIds ?? [], v.id) });

  const history = historyQuery.data ?? [];
  return {
    state,
    voices,
    voicesQuery,
    /** The picker waits for the preferences too: they may choose the voice (no picker at all). */
    voicesLoading: voicesQuery.isLoading || !prefsQuery.isFetched,
    prefs,
    usage,
    voice,
    settings,
    characters: cost,
    sceneCast,
    asScene,
    cast,
    narratorVoiceId,
    readingVoice,
    note,
    setNote,
    takes,
    setMode: (mode: ReadMode) => dispatch({ type: 'set-mode', mode }),
    castCharacter: (character: string, voiceId: string) =>
      dispatch({ type: 'cast', character, voiceId }),
    setNarrator: (voiceId: string) => dispatch({ type: 'set-narrator', voiceId }),
    history,
    historyQuery,
    player,
    /** The message beside what caused it, gone once the cause is (decision 283). */
    error: liveError(state.error, {
      hasVoice: !!readingVoice,
      hasText: !!state.text.trim(),
      cost,
      remaining: usage ? usage.remaining : null,
    }),
    playbackError: player.state.error,
    currentIsSaved: !!current && history.some((g) => g.id === current.id),
    chooseVoice: (v: Voice | null) => {
      dispatch({ type: 'choose-voice', voiceId: v?.id ?? null });
      if (v && state.error?.place === 'voice') fail(null);
    },
    makeDefault: (v: Voice) => updatePrefs.mutate({ defaultVoiceId: v.id }),
    setText: (text: string) => dispatch({ type: 'set-text', text }),
    setDraftSettings: (s: AudioSettings) => dispatch({ type: 'set-draft-settings', settings: s }),
    saveSettings,
    toggleFavorite,
    read,
    playItem,
    playAgain,
    download,
    remove,
  };
}
