import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_AUDIO_SETTINGS,
  STUDIO_TEXTS,
  countCharacters,
  synthesisSettingsOf,
  type AudioSettings,
  type Reading,
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
  readingBlocker,
  readingErrorText,
  sameSettings,
  studioReducer,
  toggledFavorites,
  type CurrentReading,
} from './studio-state';
import { useAudioPlayer } from './use-audio-player';

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

  const voices = useMemo(() => voicesQuery.data?.voices ?? [], [voicesQuery.data]);
  const prefs = prefsQuery.data;
  const usage = usageQuery.data;
  const voice = voices.find((v) => v.id === state.voiceId) ?? null;
  const settings = state.draftSettings ?? prefs?.audioSettings ?? DEFAULT_AUDIO_SETTINGS;
  const { current } = state;

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

  const fail = (error: string | null) => dispatch({ type: 'fail', error });

  const refreshAfterReading = () => {
    void queryClient.invalidateQueries({ queryKey: monthlyUsageQueryKey });
    void queryClient.invalidateQueries({ queryKey: readingsQueryKey });
    void queryClient.invalidateQueries({ queryKey: preferencesQueryKey });
  };

  const read = async () => {
    fail(null);
    player.clearError();
    const blocker = readingBlocker(voice, state.text, usage ? usage.remaining : null);
    if (blocker || !voice) return fail(blocker);
    const { text } = state;
    await player.prepare();
    dispatch({ type: 'set-phase', phase: 'processing' });
    try {
      const res = await createReading(
        {
          voiceId: voice.id,
          text,
          settings: synthesisSettingsOf(settings),
        },
        { idempotencyKey: crypto.randomUUID() },
      );
      dispatch({
        type: 'show-reading',
        reading: {
          id: res.readingId,
          voiceName: voice.name,
          text: text.trim(),
          createdAt: new Date().toISOString(),
          audioUrl: `/api/readings/${res.readingId}/audio`,
        },
      });
      await player.playStream(res.body, () => dispatch({ type: 'set-phase', phase: 'streaming' }));
    } catch (e) {
      fail(readingErrorText(e));
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
    await player.playUrl(item.audioUrl);
  };

  const playAgain = async () => {
    if (!current) return;
    await player.prepare();
    recordPlay(current.id);
    await player.replay();
  };

  const download = async (item: CurrentReading) => {
    fail(null);
    try {
      await downloadReading(item);
    } catch {
      fail(DOWNLOAD_FAILED);
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
      fail(STUDIO_TEXTS.deleteFailed);
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
    characters: countCharacters(state.text),
    history,
    historyQuery,
    player,
    shownError: state.error ?? player.state.error,
    currentIsSaved: !!current && history.some((g) => g.id === current.id),
    chooseVoice: (v: Voice | null) => {
      dispatch({ type: 'choose-voice', voiceId: v?.id ?? null });
      if (v) fail(null);
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
