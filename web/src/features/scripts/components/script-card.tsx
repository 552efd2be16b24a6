import type { ScriptSummary } from '@doublecast/common/scripts';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';

export function ScriptCard({
  script,
  onEdit,
  onArchive,
  onDelete,
  busy,
  failure = null,
}: {
  script: ScriptSummary;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
  busy: boolean;
  /** Why this script's last Archive or Delete failed, shown under its buttons. */
  failure?: string | null;
}) {
  const headingId = `script-${script.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border p-5 shadow-lg shadow-black/20 ${script.isArchived ? 'border-zinc-800 bg-zinc-900/30' : 'border-zinc-800 bg-zinc-900/70'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-white">
          {script.title}
        </h3>
        {script.isSample && (
          <span
            className="shrink-0 rounded-full bg-brand-500/20 px-2 py-0.5 text-xs text-brand-200"
            title="A sample scene to try rehearsal with; it does not count toward your scripts"
          >
            Sample
          </span>
        )}
        {script.isArchived && (
          <span className="shrink-0 rounded-full bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
            Archived
          </span>
        )}
      </div>
      <p className="mt-1 text-xs text-zinc-400">
        {script.wordCount.toLocaleString()} words · {script.characterCount.toLocaleString()}{' '}
        characters
        {script.characters.length > 0 && ` · ${script.characters.map((c) => c.name).join(', ')}`}
      </p>
      <p className="mt-3 flex-1 font-mono text-sm break-words whitespace-pre-line text-zinc-300">
        {script.preview.replace(/\n{2,}/g, '\n')}
      </p>
      {script.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {script.tags.map((t) => (
            <li
              key={t}
              className="rounded-full bg-brand-500/15 px-2.5 py-0.5 text-xs text-brand-300"
            >
              {t}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-1.5">
        {!script.isArchived && script.characters.length > 0 && (
          <ButtonLink
            size="sm"
            to={`/practice?script=${encodeURIComponent(script.id)}`}
            aria-label={`Practice ${script.title}`}
          >
            Practice
          </ButtonLink>
        )}
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${script.title}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onArchive}
          disabled={busy}
          aria-label={`${script.isArchived ? 'Unarchive' : 'Archive'} ${script.title}`}
        >
          {script.isArchived ? 'Unarchive' : 'Archive'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          className="ml-auto px-2.5 text-red-300 hover:text-red-200"
          aria-label={`Delete ${script.title}`}
        >
          Delete
        </Button>
      </div>
      {failure && (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      )}
    </article>
  );
}
