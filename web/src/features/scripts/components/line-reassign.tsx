import { useDeferredValue, useId, useState } from 'react';
import type { Script, ScriptLine } from '@doublecast/common/scripts';
import { Button } from '../../../components/ui/button';
import { useReassignLine } from '../api/reassign-line';
import { CharacterNameForm } from './character-name-form';
import { saveErrorText } from '../api/save-script';

const PAGE = 20;
const ACTION = '__action__';
const NEW_NAME = '__new__';
const EVERYONE = '__everyone__';

/**
 * The lines of an import, to correct one by one (issue 32): find a line by its words or by who
 * says it, then give it to another character (or a new name) or make it action, not read aloud.
 * Each change is saved at once on the server, as renames are, and kept by later saves.
 */
export function LineReassign({
  script,
  onChanged,
}: {
  script: Script;
  onChanged: (script: Script) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const filterId = useId();
  const [search, setSearch] = useState('');
  const [speaker, setSpeaker] = useState(EVERYONE);
  const [shown, setShown] = useState(PAGE);
  const query = useDeferredValue(search.trim().toLowerCase());
  const names = script.characters.filter((c) => c.lineCount > 0).map((c) => c.name);
  const lines = (script.analysis?.lines ?? [])
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.kind === 'dialogue' || line.kind === 'action');
  const matches = lines.filter(
    ({ line }) =>
      (speaker === EVERYONE ||
        (speaker === ACTION ? line.kind === 'action' : line.character === speaker)) &&
      (!query || line.text.toLowerCase().includes(query)),
  );

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-white">
        Lines
      </h3>
      <p className="mt-1 text-sm text-zinc-400">
        A line read as the wrong character’s, or read aloud when it is a stage direction: give it to
        the right character, or make it action.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
        <div>
          <label htmlFor={searchId} className="block text-sm text-zinc-300">
            Find a line by its words
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setShown(PAGE);
            }}
            className="mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor={filterId} className="block text-sm text-zinc-300">
            Said by
          </label>
          <select
            id={filterId}
            value={speaker}
            onChange={(e) => {
              setSpeaker(e.target.value);
              setShown(PAGE);
            }}
            className="mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3 py-2 text-sm text-zinc-100"
          >
            <option value={EVERYONE}>Everyone</option>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            <option value={ACTION}>Action (not read aloud)</option>
          </select>
        </div>
      </div>
      <p aria-live="polite" className="mt-2 text-sm text-zinc-400">
        {matches.length === 0
          ? 'No line matches.'
          : `${matches.length.toLocaleString('en-US')} ${matches.length === 1 ? 'line' : 'lines'}${
              matches.length > shown ? `, the first ${shown} shown` : ''
            }.`}
      </p>
      {matches.length > 0 && (
        <ol className="mt-2 max-h-[32rem] space-y-2 overflow-y-auto rounded-lg border border-zinc-800 bg-zinc-950/50 p-2">
          {matches.slice(0, shown).map(({ line, number }) => (
            <LineRow
              key={line.id}
              scriptId={script.id}
              line={line}
              number={number}
              names={names}
              onChanged={onChanged}
            />
          ))}
        </ol>
      )}
      {matches.length > shown && (
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, matches.length - shown)} more
        </Button>
      )}
    </section>
  );
}

function LineRow({
  scriptId,
  line,
  number,
  names,
  onChanged,
}: {
  scriptId: string;
  line: ScriptLine;
  number: number;
  names: string[];
  onChanged: (script: Script) => void;
}) {
  const selectId = useId();
  const current = line.kind === 'action' ? ACTION : (line.character ?? ACTION);
  const [choice, setChoice] = useState(current);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reassign = useReassignLine();
  const changed = choice === NEW_NAME ? name.trim() !== '' : choice !== current;
  // A character named by no other line is still offered for this one.
  const options = current !== ACTION && !names.includes(current) ? [current, ...names] : names;

  const onSave = () => {
    if (!changed) return;
    setError(null);
    reassign.mutate(
      {
        id: scriptId,
        lineId: line.id,
        character: choice === ACTION ? null : choice === NEW_NAME ? name : choice,
      },
      {
        onSuccess: (script) => {
          // The choice now shows the line as stored ("Guard" is kept as GUARD).
          const stored = script.analysis?.lines.find((l) => l.id === line.id);
          setChoice(stored?.kind === 'dialogue' && stored.character ? stored.character : ACTION);
          setName('');
          onChanged(script);
        },
        onError: (e) => setError(saveErrorText(e)),
      },
    );
  };

  return (
    <CharacterNameForm
      look="line"
      picker={(describedBy) => (
        <>
          <label htmlFor={selectId} className="sr-only">
            Who says line {number}
          </label>
          <select
            id={selectId}
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              setError(null);
            }}
            aria-describedby={describedBy}
            className="min-w-0 rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1 text-sm text-zinc-100"
          >
            {options.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            <option value={NEW_NAME}>Someone else…</option>
            <option value={ACTION}>Action (not read aloud)</option>
          </select>
        </>
      )}
      nameShown={choice === NEW_NAME}
      nameLabel={`Name of who says line ${number}`}
      placeholder="Name"
      name={name}
      onNameChange={(value) => {
        setName(value);
        setError(null);
      }}
      saveLabel={`Save who says line ${number}`}
      saveText="Save"
      saving={reassign.isPending}
      saveDisabled={!changed && choice !== NEW_NAME}
      error={error}
      onError={setError}
      onSave={onSave}
    >
      <p className="text-sm break-words">
        <span className="mr-2 text-xs text-zinc-500 tabular-nums">{number}</span>{' '}
        <span
          className={`mr-2 font-semibold ${line.kind === 'action' ? 'text-zinc-400 italic' : 'text-white'}`}
        >
          {line.kind === 'action' ? 'Action' : line.character}
        </span>{' '}
        <span className={line.kind === 'action' ? 'text-zinc-400' : 'text-zinc-100'}>
          {line.text.length > 240 ? `${line.text.slice(0, 240)}…` : line.text}
        </span>
      </p>
    </CharacterNameForm>
  );
}
