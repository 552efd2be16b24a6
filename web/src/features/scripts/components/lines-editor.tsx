import { useId, useState } from 'react';
import {
  listCharacters,
  renameCharacter,
  type ScriptAnalysis,
  type ScriptLine,
} from '@doublecast/common/scripts';
import { Button } from '../../../components/ui/button';

const NOT_DIALOGUE = '__not_dialogue__';

/**
 * The line split of a script, correctable: who speaks each line, rename or merge characters
 * (renaming onto an existing name merges them), and mark lines as not spoken.
 */
export function LinesEditor({
  analysis,
  onChange,
}: {
  analysis: ScriptAnalysis;
  onChange: (next: ScriptAnalysis) => void;
}) {
  const characters = listCharacters(analysis);
  const names = characters.map((c) => c.name);
  const spokenLines = analysis.lines.filter((l) => l.kind === 'dialogue').length;

  const updateLine = (id: string, patch: Partial<ScriptLine>) =>
    onChange({
      ...analysis,
      lines: analysis.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)),
    });

  const setSpeaker = (line: ScriptLine, value: string) => {
    if (value === NOT_DIALOGUE)
      updateLine(line.id, { kind: 'action', character: null, spoken: false, dual: false });
    else
      updateLine(line.id, {
        kind: 'dialogue',
        character: value,
        spoken: line.text.trim().length > 0,
      });
  };

  return (
    <div className="space-y-5">
      <section aria-labelledby="characters-heading">
        <h3 id="characters-heading" className="text-sm font-semibold text-zinc-200">
          Characters ({characters.length})
        </h3>
        {characters.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">
            No speaking characters found yet. Put each character's name in capitals on its own line
            above their speech, or write lines as "NAME: line".
          </p>
        ) : (
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {characters.map((c) => (
              <CharacterRow
                key={c.name}
                name={c.name}
                lineCount={c.lineCount}
                onRename={(to) => onChange(renameCharacter(analysis, c.name, to))}
              />
            ))}
          </ul>
        )}
      </section>

      {spokenLines > 0 && (
        <section aria-labelledby="lines-heading">
          <h3 id="lines-heading" className="text-sm font-semibold text-zinc-200">
            Lines
          </h3>
          <p className="mt-1 text-xs text-zinc-400">
            Correct who speaks a line, or untick lines that should not be read aloud.
          </p>
          <ol className="mt-2 max-h-96 space-y-1 overflow-y-auto rounded-lg border border-zinc-800 bg-zinc-950/50 p-2">
            {analysis.lines.map((line, index) =>
              line.kind === 'dialogue' ? (
                <li
                  key={line.id}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2 gap-y-1 rounded-md px-1 py-1.5 hover:bg-zinc-900 sm:grid-cols-[minmax(0,9rem)_1fr_auto]"
                >
                  <select
                    aria-label={`Speaker of line ${index + 1}`}
                    value={line.character ?? ''}
                    onChange={(e) => setSpeaker(line, e.target.value)}
                    className="w-full rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1 text-xs text-zinc-100"
                  >
                    {names.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                    <option value={NOT_DIALOGUE}>Not dialogue</option>
                  </select>
                  <p
                    className={`order-last col-span-2 text-sm sm:order-none sm:col-span-1 ${line.spoken ? 'text-zinc-100' : 'text-zinc-500 line-through'}`}
                  >
                    {line.direction && (
                      <span className="mr-1 text-zinc-400 italic">{line.direction}</span>
                    )}
                    {line.text}
                  </p>
                  <label className="flex items-center gap-1 text-xs text-zinc-400">
                    <input
                      type="checkbox"
                      checked={line.spoken}
                      aria-label={`Spoken, line ${index + 1}`}
                      onChange={(e) => updateLine(line.id, { spoken: e.target.checked })}
                      className="accent-brand-500"
                    />
                    Spoken
                  </label>
                </li>
              ) : (
                <li key={line.id} className="px-1 py-1 text-xs text-zinc-500">
                  <span className="mr-2 font-semibold tracking-wide uppercase">{line.kind}</span>
                  {line.text}
                </li>
              ),
            )}
          </ol>
        </section>
      )}
    </div>
  );
}

function CharacterRow({
  name,
  lineCount,
  onRename,
}: {
  name: string;
  lineCount: number;
  onRename: (to: string) => void;
}) {
  const [value, setValue] = useState(name);
  const id = useId();
  const changed = value.trim() !== '' && value.trim().toUpperCase() !== name;
  return (
    <li className="flex items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-950/40 px-3 py-2">
      <label htmlFor={id} className="sr-only">
        Rename {name}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (changed) onRename(value);
          }
        }}
        className="min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-1 py-0.5 text-sm font-semibold text-zinc-100 hover:border-zinc-700 focus:border-brand-400 focus:outline-none"
      />
      <span className="shrink-0 text-xs text-zinc-400">
        {lineCount} {lineCount === 1 ? 'line' : 'lines'}
      </span>
      {changed && (
        <Button size="sm" variant="secondary" onClick={() => onRename(value)}>
          Rename
        </Button>
      )}
    </li>
  );
}
