import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { chooseTake, deleteTake, listTakes, setTrim, type Take } from './take-store';
import { clampTrim, clock, extensionOf, isTrimmed, storageMessage, takeFileName } from './takes';
import { trimTake } from './trim-export';

export const takesKey = (scriptId: string, role: string) => ['self-tapes', scriptId, role];

/** The storage the browser gives this site, and what the page says about it. */
function useStorage() {
  return useQuery({
    queryKey: ['self-tapes', 'storage'],
    queryFn: async () => {
      const estimate = await navigator.storage?.estimate?.();
      return storageMessage(estimate?.usage, estimate?.quota);
    },
  });
}

/** A script's takes for the role: numbered, played here, chosen, trimmed, downloaded, deleted. */
export function TakeList({
  scriptId,
  scriptTitle,
  role,
}: {
  scriptId: string;
  scriptTitle: string;
  role: string;
}) {
  const takes = useQuery({
    queryKey: takesKey(scriptId, role),
    queryFn: () => listTakes(scriptId, role),
  });
  const storage = useStorage();
  return (
    <section aria-labelledby="takes-heading" className="space-y-3">
      <h2 id="takes-heading" className="text-lg font-semibold text-white">
        Takes
      </h2>
      <p className="text-sm text-zinc-400">
        Takes stay in this browser until you download or delete them; nothing is uploaded.
      </p>
      {storage.data && (
        <Alert tone={storage.data.nearQuota ? 'error' : 'info'}>{storage.data.text}</Alert>
      )}
      {takes.isError && <Alert tone="error">Failed to read your takes from this browser.</Alert>}
      {takes.data?.length === 0 && <p className="text-sm text-zinc-400">No takes yet.</p>}
      <ol className="space-y-3">
        {takes.data?.map((take) => (
          <TakeItem key={take.id} take={take} scriptTitle={scriptTitle} />
        ))}
      </ol>
    </section>
  );
}

function TakeItem({ take, scriptTitle }: { take: Take; scriptTitle: string }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['self-tapes'] });
  const ids = { heading: useId(), start: useId(), end: useId() };
  const duration = take.durationMs / 1000;
  const trim = take.trim ?? { start: 0, end: Math.round(duration * 10) / 10 };
  const trimmed = take.trim !== null && isTrimmed(take.trim, duration);
  const url = useMemo(() => URL.createObjectURL(take.blob), [take.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [playing, setPlaying] = useState(false);
  const [draft, setDraft] = useState({ start: String(trim.start), end: String(trim.end) });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const name = takeFileName(take.role, scriptTitle, take.number, extensionOf(take.mimeType));

  const act = useMutation({
    mutationFn: (f: () => Promise<void>) => f(),
    onSuccess: refresh,
    onError: () => setMessage({ tone: 'error', text: 'That did not work. Please try again.' }),
  });

  const saveTrim = () => {
    const start = Number(draft.start);
    const end = Number(draft.end);
    if (draft.start.trim() === '' || draft.end.trim() === '' || !(end > start)) {
      setMessage({ tone: 'error', text: 'The end must be after the start (in seconds).' });
      return;
    }
    const next = clampTrim(start, end, duration);
    setDraft({ start: String(next.start), end: String(next.end) });
    setMessage({
      tone: 'success',
      text: `Trimmed to ${next.start.toFixed(1)} s – ${next.end.toFixed(1)} s.`,
    });
    act.mutate(() => setTrim(take.id, isTrimmed(next, duration) ? next : null));
  };

  const download = async () => {
    setMessage(null);
    let blob = take.blob;
    if (trimmed && take.trim) {
      abort.current = new AbortController();
      setProgress(0);
      try {
        blob = await trimTake(take.blob, take.trim, setProgress, abort.current.signal);
      } catch {
        setProgress(null);
        setMessage({
          tone: 'error',
          text: 'The trimmed take could not be made. Please try again.',
        });
        return;
      }
      setProgress(null);
    }
    const a = document.createElement('a');
    const href = URL.createObjectURL(blob);
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  };

  return (
    <li
      aria-labelledby={ids.heading}
      className="space-y-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={ids.heading} className="text-base font-semibold text-white">
          Take {take.number}
          {take.chosen && (
            <span className="ml-2 rounded-full bg-brand-500/20 px-2 py-0.5 text-xs font-medium text-brand-300">
              Chosen
            </span>
          )}
        </h3>
        <p className="text-sm text-zinc-400">
          <time dateTime={`PT${duration.toFixed(1)}S`}>{clock(duration)}</time>
          {trimmed && ` · trimmed to ${clock(trim.end - trim.start)}`} ·{' '}
          {new Date(take.createdAt).toLocaleString()}
        </p>
      </div>
      {playing && (
        <video
          src={url}
          controls
          playsInline
          autoPlay
          aria-label={`Take ${take.number}`}
          className="aspect-video w-full rounded-lg bg-black"
          onLoadedMetadata={(e) => {
            if (trim.start > 0) e.currentTarget.currentTime = trim.start;
          }}
          onTimeUpdate={(e) => {
            const v = e.currentTarget;
            if (v.currentTime < trim.start - 0.25) v.currentTime = trim.start;
            if (trimmed && v.currentTime >= trim.end) v.pause();
          }}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setPlaying((p) => !p)}>
          {playing ? `Hide take ${take.number}` : `Play take ${take.number}`}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={take.chosen}
          onClick={() => act.mutate(() => chooseTake(take, !take.chosen))}
        >
          Chosen take
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void download()}
          disabled={progress !== null}
        >
          Download take {take.number}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            if (window.confirm(`Delete take ${take.number}? It is kept only in this browser.`))
              act.mutate(() => deleteTake(take.id));
          }}
        >
          Delete take {take.number}
        </Button>
      </div>
      {progress !== null && (
        <div className="space-y-1">
          <p className="text-sm text-zinc-300" role="status">
            Making the trimmed file: {Math.round(progress * 100)}%
          </p>
          <progress
            max={1}
            value={progress}
            aria-label={`Trimming take ${take.number}`}
            className="w-full"
          />
        </div>
      )}
      <details className="text-sm text-zinc-300">
        <summary className="cursor-pointer select-none py-1">Trim take {take.number}</summary>
        <form
          className="mt-2 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            saveTrim();
          }}
        >
          <TrimField
            id={ids.start}
            label="Start (seconds)"
            value={draft.start}
            max={duration}
            onChange={(start) => setDraft((d) => ({ ...d, start }))}
          />
          <TrimField
            id={ids.end}
            label="End (seconds)"
            value={draft.end}
            max={duration}
            onChange={(end) => setDraft((d) => ({ ...d, end }))}
          />
          <Button type="submit" size="sm">
            Save trim
          </Button>
          {trimmed && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft({ start: '0', end: String(Math.round(duration * 10) / 10) });
                setMessage(null);
                act.mutate(() => setTrim(take.id, null));
              }}
            >
              Undo trim
            </Button>
          )}
        </form>
        <p className="mt-2 text-xs text-zinc-400">
          Trimming keeps the whole take here; playing and downloading use the part between the
          points. The trimmed download is made by playing that part once, silently, so it takes as
          long as the part lasts.
        </p>
      </details>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </li>
  );
}

function TrimField({
  id,
  label,
  value,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-zinc-400">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={Math.round(max * 10) / 10}
        step={0.1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 w-28 rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm"
      />
    </div>
  );
}
