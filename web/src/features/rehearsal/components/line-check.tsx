import type { ScriptLine } from '@doublecast/common/scripts';
import type { DiffOp, LineCheck as Check } from '../engine/words';

/**
 * What the partner heard of the actor's last line, quietly under the scene: each word of the
 * script marked said, missed or changed (with what was said instead), words added, and the
 * line's accuracy. Read out politely once, when a new line has been checked.
 */
export function LineCheck({ line, check }: { line: ScriptLine; check: Check }) {
  const missed = check.ops.filter((o) => o.kind === 'missed').length;
  const changed = check.ops.filter((o) => o.kind === 'changed').length;
  const added = check.ops.filter((o) => o.kind === 'added').length;
  const summary =
    missed + changed + added === 0
      ? 'Every word right.'
      : [missed && `${missed} missed`, changed && `${changed} changed`, added && `${added} added`]
          .filter(Boolean)
          .join(', ') + '.';
  return (
    <section
      aria-label="Line check"
      aria-live="polite"
      className="rounded-xl border border-zinc-800 bg-zinc-900/40 px-4 py-3 text-sm"
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-zinc-400">
        <span className="font-semibold text-zinc-200">
          Your last line: {Math.round(check.accuracy * 100)}%
        </span>
        <span>{summary}</span>
      </p>
      <p className="mt-1.5 leading-relaxed" data-testid="line-diff">
        {pieces(line.text, check.ops).map((p, i) => (
          <span key={i}>
            {i > 0 && ' '}
            <Piece piece={p} />
          </span>
        ))}
      </p>
    </section>
  );
}

type PieceOf =
  | { kind: 'same' | 'missed'; text: string }
  | { kind: 'changed'; text: string; said: string }
  | { kind: 'added'; text: string };

/**
 * The script's written words with the diff laid over them: a written word is missed or changed
 * when any of its compared words was, and heard words that the script does not have go where
 * they were said.
 */
function pieces(text: string, ops: readonly DiffOp[]): PieceOf[] {
  const written = text.split(/\s+/).filter(Boolean);
  const state = written.map(() => ({ missed: false, said: [] as string[] }));
  const out: PieceOf[] = [];
  let next = 0;
  const flushTo = (source: number) => {
    for (; next <= source && next < written.length; next++) {
      const s = state[next]!;
      if (s.said.length)
        out.push({ kind: 'changed', text: written[next]!, said: s.said.join(' ') });
      else out.push({ kind: s.missed ? 'missed' : 'same', text: written[next]! });
    }
  };
  let lastSource = -1;
  for (const op of ops) {
    if (op.kind === 'added') {
      flushTo(lastSource);
      out.push({ kind: 'added', text: op.word });
      continue;
    }
    flushTo(op.source - 1);
    if (op.kind === 'missed') state[op.source]!.missed = true;
    if (op.kind === 'changed') state[op.source]!.said.push(op.said);
    lastSource = op.source;
  }
  flushTo(written.length - 1);
  return out;
}

function Piece({ piece }: { piece: PieceOf }) {
  switch (piece.kind) {
    case 'same':
      return <span className="text-zinc-300">{piece.text}</span>;
    case 'missed':
      return (
        <del className="text-amber-300 decoration-amber-400/70">
          <span className="sr-only">missed: </span>
          {piece.text}
        </del>
      );
    case 'changed':
      return (
        <span>
          <del className="text-amber-300 decoration-amber-400/70">
            <span className="sr-only">changed: </span>
            {piece.text}
          </del>{' '}
          <ins className="text-sky-300 no-underline">
            <span className="sr-only">you said </span>
            {piece.said}
          </ins>
        </span>
      );
    case 'added':
      return (
        <ins className="text-sky-300 no-underline">
          <span className="sr-only">added: </span>+{piece.text}
        </ins>
      );
  }
}
