import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  MAX_LINE_NOTE_CHARS,
  MAX_RESPELLING_CHARS,
  MAX_TAKES,
  describeDirections,
  readDirections,
  WORDS_IN_TEXT,
  type DirectionName,
} from '@doublecast/common/direction';
import type { ScriptLine } from '@doublecast/common/scripts';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { userMessage } from '../../../lib/user-message';
import { useVoiceDirections } from '../../../lib/voice-directions';
import {
  NoteReport,
  VoiceCanDo,
  directionNames as names,
} from '../../../components/direction/voice-can-do';
import { TakesPanel, type Take } from '../../../components/direction/takes-panel';
import { useChangePronunciations, usePronunciations } from '../api/directions';
import { getLineAudio } from '../api/get-line-audio';

const LAST_TAKE = MAX_TAKES + 1;
const TAKE_FAILED = 'Failed to make the take. Please try again.';
const SAVE_FAILED = 'Failed to save the pronunciation. Please try again.';
const DELETE_FAILED = 'Failed to delete the pronunciation. Please try again.';

/**
 * The words of a line a respelling can be given for, once each, as written; a possessive is its
 * word ("Siobhan's" -> "Siobhan"), as a respelling of the word covers it.
 */
export function wordsOf(text: string): string[] {
  const seen = new Map<string, string>();
  for (const [found] of text.matchAll(WORDS_IN_TEXT)) {
    const word = found.length > 2 ? found.replace(/['’]s$/i, '') : found;
    if (!seen.has(word.toLowerCase())) seen.set(word.toLowerCase(), word);
  }
  return [...seen.values()];
}

/**
 * A partner line's menu (issue 35): the directions its parenthetical gives and those its voice
 * acts on, a note for how to say it, another take to hear beside the kept one, and how a word of
 * it is said.
 */
export function LineMenu({
  id,
  scriptId,
  line,
  number,
  voiceId,
  note,
  keptTake,
  onNote,
  onKeep,
  onRespelled,
  onClose,
}: {
  id: string;
  scriptId: string;
  line: ScriptLine;
  number: number;
  voiceId: string;
  note: string;
  keptTake: number;
  onNote: (note: string) => void;
  onKeep: (take: number) => void;
  onRespelled: () => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const honoured = useVoiceDirections(voiceId, true);
  const voiceDoes = honoured.data ?? [];
  const fromScript = readDirections(line.direction);
  const fromNote = readDirections(note);
  const used = describeDirections(readDirections(line.direction, note), voiceDoes);

  return (
    <div
      ref={panel}
      id={id}
      role="group"
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
      className="mt-2 space-y-5 rounded-lg border border-zinc-700 bg-zinc-900 p-3 sm:p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-white">
        Line {number}: how {line.character} says it
      </h3>

      <section aria-label="Directions" className="space-y-1 text-sm">
        <p className="text-zinc-300">
          <span className="text-zinc-500">From the script: </span>
          {fromScript.directions.length ? names(fromScript.directions) : 'none'}
        </p>
        <VoiceCanDo honoured={honoured} />
        {used.honoured.length > 0 && (
          <p className="text-zinc-300">
            <span className="text-zinc-500">Used for this line: </span>
            {names(used.honoured)}
          </p>
        )}
      </section>

      <NoteForm
        note={note}
        onNote={onNote}
        ignored={fromNote.unknown}
        notDone={honoured.isSuccess ? used.notHonoured : []}
      />

      {/* Takes heard under another note are other reads: the list starts again. */}
      <Takes
        key={note}
        scriptId={scriptId}
        line={line}
        voiceId={voiceId}
        note={note}
        keptTake={keptTake}
        onKeep={onKeep}
      />

      <Pronounce scriptId={scriptId} line={line} onRespelled={onRespelled} />
    </div>
  );
}

function NoteForm({
  note,
  onNote,
  ignored,
  notDone,
}: {
  note: string;
  onNote: (note: string) => void;
  ignored: string[];
  notDone: DirectionName[];
}) {
  const [draft, setDraft] = useState(note);
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onNote(draft);
    setSaved(true);
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label="Note for this line"
          className="min-w-0 flex-1 basis-56"
          value={draft}
          maxLength={MAX_LINE_NOTE_CHARS}
          placeholder="whispering, fast"
          onChange={(e) => {
            setDraft(e.target.value);
            setSaved(false);
          }}
        />
        <Button type="submit" variant="secondary" size="md">
          Save note
        </Button>
      </div>
      {/* Said once the note is saved, beside it, and gone when the note is fixed. */}
      <div role="status" className="space-y-1 text-sm text-zinc-400">
        {saved && <p>{note ? 'Note saved: used from the next play.' : 'Note removed.'}</p>}
        <NoteReport ignored={ignored} notDone={notDone} />
      </div>
    </form>
  );
}

function Takes({
  scriptId,
  line,
  voiceId,
  note,
  keptTake,
  onKeep,
}: {
  scriptId: string;
  line: ScriptLine;
  voiceId: string;
  note: string;
  keptTake: number;
  onKeep: (take: number) => void;
}) {
  const [takes, setTakes] = useState<Take[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const urls = useRef<string[]>([]);
  const aborter = useRef<AbortController | null>(null);
  const [playTake, setPlayTake] = useState<number | null>(null);

  useEffect(
    () => () => {
      aborter.current?.abort();
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const highest = Math.max(keptTake, ...takes.map((t) => t.take));
  const canAsk = highest < LAST_TAKE && busy === null;

  const another = async () => {
    const next = highest + 1;
    const list: Take[] = takes.length ? takes : [{ take: keptTake, url: null }];
    const wanted = [...list, { take: next, url: null }];
    setTakes(wanted);
    setError(null);
    const controller = new AbortController();
    aborter.current = controller;
    try {
      // The kept take first (already paid for when it was heard), then the new one.
      for (const t of wanted) {
        if (t.url) continue;
        setBusy(t.take);
        const blob = await getLineAudio(
          {
            scriptId,
            lineId: line.id,
            voiceId,
            ...(note ? { note } : {}),
            ...(t.take > 1 ? { take: t.take } : {}),
          },
          controller.signal,
        );
        const url = URL.createObjectURL(blob);
        urls.current.push(url);
        setTakes((before) => before.map((b) => (b.take === t.take ? { ...b, url } : b)));
      }
      setPlayTake(next);
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(userMessage(e, TAKE_FAILED));
      setTakes((before) => before.filter((b) => b.url));
    } finally {
      if (aborter.current === controller) setBusy(null);
    }
  };

  return (
    <TakesPanel
      label="Takes of this line"
      takes={takes}
      keptTake={keptTake}
      busy={busy}
      canAsk={canAsk}
      status={
        highest >= LAST_TAKE
          ? `A line can have at most ${LAST_TAKE} takes.`
          : `Take ${keptTake} is used in the run.`
      }
      error={error}
      playTake={playTake}
      onAnother={() => void another()}
      onKeep={onKeep}
    />
  );
}

function Pronounce({
  scriptId,
  line,
  onRespelled,
}: {
  scriptId: string;
  line: ScriptLine;
  onRespelled: () => void;
}) {
  const words = wordsOf(line.text);
  const [word, setWord] = useState(words[0] ?? '');
  const [respelling, setRespelling] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const list = usePronunciations(scriptId);
  const { add, remove } = useChangePronunciations(scriptId, onRespelled);
  const wordId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    add.mutate(
      { word, respelling },
      {
        onSuccess: (p) => {
          setRespelling('');
          setSaved(`${p.word} is now said as ${p.respelling.toLowerCase()}.`);
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${wordId}-h`} className="space-y-2">
      <h4 id={`${wordId}-h`} className="text-sm font-semibold text-zinc-200">
        Fix how this is said
      </h4>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <SelectField label="Word" value={word} onChange={(e) => setWord(e.target.value)}>
          {words.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Say it as"
          className="min-w-0 flex-1 basis-40"
          value={respelling}
          maxLength={MAX_RESPELLING_CHARS}
          placeholder="shiv-AWN"
          required
          error={add.isError ? userMessage(add.error, SAVE_FAILED) : null}
          onChange={(e) => {
            setRespelling(e.target.value);
            if (add.isError) add.reset();
          }}
        />
        <Button type="submit" variant="secondary" size="md" disabled={add.isPending || !word}>
          Save pronunciation
        </Button>
      </form>
      <p role="status" className="text-sm text-zinc-400">
        {saved}
      </p>

      <h4 className="pt-1 text-sm font-semibold text-zinc-200">Pronunciations</h4>
      {list.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Failed to load pronunciations
        </p>
      ) : list.isPending ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-zinc-500">None yet: every word is said as written.</p>
      ) : (
        <ul aria-label="Pronunciations" className="space-y-1 text-sm">
          {list.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <span className="text-zinc-100">{p.word}</span>
              <span aria-hidden="true" className="text-zinc-500">
                →
              </span>
              <span className="sr-only">said as</span>
              <span className="text-zinc-200">{p.respelling}</span>
              <span className="text-xs text-zinc-500">
                {p.scriptId ? 'this script' : 'all scripts'}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete pronunciation of ${p.word}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.id)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <p role="alert" className="text-sm text-red-300">
          {userMessage(remove.error, DELETE_FAILED)}
        </p>
      )}
    </section>
  );
}
