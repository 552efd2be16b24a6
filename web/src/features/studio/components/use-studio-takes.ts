import { useEffect, useRef, useState } from 'react';
import { MAX_TAKES } from '@doublecast/common/direction';
import type { ReadingInput } from '@doublecast/common/studio';
import type { Take } from '../../../components/direction/takes-panel';
import { apiUrl } from '../../../lib/api-client';
import { userMessage } from '../../../lib/user-message';
import { createReading } from '../api/create-reading';
import { deleteReading } from '../api/delete-reading';
import type { CurrentReading } from './studio-state';

const LAST_TAKE = MAX_TAKES + 1;
const TAKE_FAILED = 'Failed to make the take. Please try again.';
const KEEP_FAILED = 'Failed to remove the other takes from your history. Please try again.';

type StudioTake = Take & { reading: CurrentReading };

/**
 * Another take of a reading just made in the Studio (decision 311): the same request again with
 * the next take number, charged once; each take is a reading in the history, and keeping one
 * removes the others from it.
 */
export function useStudioTakes(options: {
  /** After a take is made or the others removed: usage and history change. */
  onChanged: () => void;
  /** The kept take becomes the reading on stage (Play Again, Download). */
  onKept: (reading: CurrentReading) => void;
  /** Before a take plays: the main player stops. */
  onStart: () => void;
}) {
  const [series, setSeries] = useState<{ input: ReadingInput; first: CurrentReading } | null>(null);
  const [takes, setTakes] = useState<StudioTake[]>([]);
  const [keptTake, setKeptTake] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [playTake, setPlayTake] = useState<number | null>(null);
  const urls = useRef<string[]>([]);
  const aborter = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      aborter.current?.abort();
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const highest = Math.max(keptTake, ...takes.map((t) => t.take));

  const another = async () => {
    if (!series || busy !== null) return;
    const next = highest + 1;
    const first = { take: 1, url: series.first.audioUrl, reading: series.first };
    const before = takes.length ? takes : [first];
    setTakes(before);
    setBusy(next);
    setError(null);
    setSaid(null);
    options.onStart();
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const res = await createReading(
        { ...series.input, take: next, takeOf: series.first.id },
        { idempotencyKey: crypto.randomUUID(), signal: controller.signal },
      );
      const audio = await new Response(res.body).blob();
      const url = URL.createObjectURL(new Blob([audio], { type: 'audio/mpeg' }));
      urls.current.push(url);
      const reading: CurrentReading = {
        ...series.first,
        id: res.readingId,
        createdAt: new Date().toISOString(),
        audioUrl: apiUrl(`/api/readings/${res.readingId}/audio`),
      };
      setTakes([...before, { take: next, url, reading }]);
      setPlayTake(next);
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(userMessage(e, TAKE_FAILED));
    } finally {
      if (aborter.current === controller) setBusy(null);
      options.onChanged();
    }
  };

  const keep = async (take: number) => {
    const kept = takes.find((t) => t.take === take);
    if (!kept) return;
    const others = takes.filter((t) => t.take !== take);
    setError(null);
    try {
      for (const t of others) await deleteReading(t.reading.id);
    } catch (e) {
      setError(userMessage(e, KEEP_FAILED));
      return;
    } finally {
      options.onChanged();
    }
    setKeptTake(take);
    setTakes([kept]);
    setSaid(
      `Take ${take} kept; ${others.map((t) => `take ${t.take}`).join(', ')} removed from your history.`,
    );
    options.onKept(kept.reading);
  };

  return {
    /** Takes are offered for the reading just made, while it is on stage. */
    offeredFor: (current: CurrentReading | null) =>
      !!series &&
      !!current &&
      (current.id === series.first.id || takes.some((t) => t.reading.id === current.id)),
    /** A new reading starts a new series of takes. */
    start: (input: ReadingInput, first: CurrentReading) => {
      aborter.current?.abort();
      setSeries({ input, first });
      setTakes([]);
      setKeptTake(1);
      setBusy(null);
      setError(null);
      setSaid(null);
      setPlayTake(null);
    },
    panel: {
      takes,
      keptTake,
      busy,
      canAsk: !!series && busy === null && highest < LAST_TAKE,
      error,
      playTake,
      status:
        said ??
        (highest >= LAST_TAKE
          ? `A reading can have at most ${LAST_TAKE} takes.`
          : takes.length > 1
            ? 'Each take is in your history until you keep one.'
            : 'Another take reads it again differently; each take is charged once.'),
      onAnother: () => void another(),
      onKeep: (take: number) => void keep(take),
    },
  };
}
