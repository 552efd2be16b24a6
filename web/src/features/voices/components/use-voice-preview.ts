import { useCallback, useEffect, useRef, useState } from 'react';
import type { Voice } from '@doublecast/common/voices';
import { VOICES_ERRORS } from '@doublecast/common/voices-texts';
import { apiUrl } from '../../../lib/api-client';

/**
 * One preview at a time through one audio element. A stored preview that fails to load is made
 * afresh once (?fresh=1); a voice whose preview has played to the end counts as previewed.
 */
export function useVoicePreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const current = useRef<{ voice: Voice; retried: boolean } | null>(null);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
    }
    current.current = null;
    setPlayingId(null);
  }, []);

  const start = useCallback(async (src: string) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.src = src;
    try {
      await audio.play();
    } catch (e) {
      // A source that cannot load is handled by the error event; this is the browser refusing to play.
      if ((e as DOMException).name === 'NotAllowedError') {
        setError(VOICES_ERRORS.previewPlay);
        current.current = null;
        setPlayingId(null);
      }
    }
  }, []);

  const preview = useCallback(
    (voice: Voice) => {
      setError(null);
      current.current = { voice, retried: false };
      setPlayingId(voice.id);
      void start(voice.previewUrl);
    },
    [start],
  );

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onEnded = () => {
      const voice = current.current?.voice;
      if (voice) setPreviewed((prev) => new Set(prev).add(voice.id));
      current.current = null;
      setPlayingId(null);
    };
    const onError = () => {
      const now = current.current;
      if (!now) return;
      if (!now.retried) {
        now.retried = true;
        void start(apiUrl(`/api/voices/${encodeURIComponent(now.voice.id)}/preview?fresh=1`));
        return;
      }
      current.current = null;
      setPlayingId(null);
      setError(VOICES_ERRORS.previewGenerate);
    };
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    return () => {
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      audio.pause();
    };
  }, [start]);

  return { audioRef, playingId, previewed, error, preview, stop };
}
