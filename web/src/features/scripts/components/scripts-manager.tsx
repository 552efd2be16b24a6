import { useDeferredValue, useId, useRef, useState } from 'react';
import {
  SCRIPT_MESSAGES,
  type ImportProgress,
  type ImportSummary,
  type Script,
  type ScriptSummary,
} from '@doublecast/common/scripts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useArchiveScript } from '../api/archive-script';
import { useDeleteScript } from '../api/delete-script';
import { useScript } from '../api/get-script';
import { useImportScript } from '../api/import-script';
import { useScripts } from '../api/list-scripts';
import { saveErrorText } from '../api/save-script';
import { ConfirmDialog } from './confirm-dialog';
import { ImportReview } from './import-review';
import { ScriptCard } from './script-card';
import { ScriptForm } from './script-form';

type Editing =
  { kind: 'new' } | { kind: 'edit'; script: Script } | { kind: 'open'; id: string } | null;

/** "My Scripts": search, the show-archived toggle, the cards, the form and file import. */
export function ScriptsManager() {
  const [search, setSearch] = useState('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const deferredSearch = useDeferredValue(search);
  const scripts = useScripts({ search: deferredSearch, includeArchived });
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  // A failed Archive or Delete is told in that script's card.
  const [failure, setFailure] = useState<{ id: string; text: string } | null>(null);
  const [toDelete, setToDelete] = useState<ScriptSummary | null>(null);
  const [review, setReview] = useState<{ script: Script; summary: ImportSummary } | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const archive = useArchiveScript();
  const remove = useDeleteScript();
  const upload = useImportScript();
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLDivElement>(null);
  const searchId = useId();
  // The list holds previews; Edit loads the whole script.
  const opened = useScript(editing?.kind === 'open' ? editing.id : null);
  const editingScript =
    editing?.kind === 'edit' ? editing.script : editing?.kind === 'open' ? opened.data : undefined;

  const open = (next: Editing, message: typeof notice = null) => {
    setReview(null);
    setEditing(next);
    setNotice(message);
    requestAnimationFrame(() =>
      formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
    );
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    setReview(null);
    setProgress(null);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSettled: () => setProgress(null),
        onSuccess: ({ summary, ...script }) => {
          setEditing(null);
          setReview({ script, summary });
          setNotice({ tone: 'success', text: `Imported "${script.title}".` });
          requestAnimationFrame(() =>
            reviewRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
          );
        },
        onError: (e) => setNotice({ tone: 'error', text: saveErrorText(e) }),
      },
    );
    if (fileRef.current) fileRef.current.value = '';
  };

  const list = scripts.data?.pages.flatMap((p) => p.scripts) ?? [];

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">My Scripts</h1>
          <p className="mt-1 text-sm text-zinc-400">
            Paste a scene or import your sides, then rehearse it in Practice.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => open({ kind: 'new' })}>New Script</Button>
          <Button
            variant="secondary"
            onClick={() => fileRef.current?.click()}
            disabled={upload.isPending}
          >
            {upload.isPending ? 'Importing…' : 'Import File'}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept=".txt,.fountain,.spmd,.fdx,.pdf,text/plain,application/pdf"
            aria-label="Script file (.txt, .fountain, .fdx or .pdf, up to 2 MB)"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
        </div>
      </div>

      {progress && <ImportProgressBar progress={progress} />}

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      {review && (
        <div ref={reviewRef} className="scroll-mt-24">
          <ImportReview
            script={review.script}
            summary={review.summary}
            onChange={(script) => setReview({ ...review, script })}
            onCheckLines={() => open({ kind: 'edit', script: review.script })}
            onClose={() => setReview(null)}
          />
        </div>
      )}

      {editing?.kind === 'open' && !editingScript && (
        <div ref={formRef} className="scroll-mt-24">
          {opened.isError ? (
            <LoadFailed onRetry={() => void opened.refetch()} />
          ) : (
            <p role="status" className="text-sm text-zinc-400">
              Opening script…
            </p>
          )}
        </div>
      )}

      {(editing?.kind === 'new' || editingScript) && (
        <div ref={formRef} className="scroll-mt-24">
          <Card>
            <ScriptForm
              key={editingScript?.id ?? 'new'}
              script={editingScript ?? null}
              onDone={(saved) => {
                setEditing(null);
                if (saved) setNotice({ tone: 'success', text: `Saved "${saved.title}".` });
              }}
            />
          </Card>
        </div>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search scripts
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search titles, text and tags"
            className="block w-full rounded-lg border border-zinc-700 bg-zinc-900/70 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input
            type="checkbox"
            role="switch"
            checked={includeArchived}
            onChange={(e) => setIncludeArchived(e.target.checked)}
            className="h-4 w-4 accent-brand-500"
          />
          Show archived
        </label>
      </div>

      {scripts.isError ? (
        <LoadFailed onRetry={() => void scripts.refetch()} />
      ) : scripts.isLoading ? (
        <p role="status" className="text-sm text-zinc-400">
          Loading scripts…
        </p>
      ) : list.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-800 p-10 text-center">
          <p className="text-zinc-300">
            {search.trim() ? 'No scripts match your search.' : 'No scripts yet.'}
          </p>
          {!search.trim() && (
            <p className="mt-1 text-sm text-zinc-400">
              Create one with New Script, or import a .txt, .fountain, .fdx or .pdf file.
            </p>
          )}
        </div>
      ) : (
        <section aria-label="Scripts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((s) => (
            <ScriptCard
              key={s.id}
              script={s}
              busy={archive.isPending}
              failure={failure?.id === s.id ? failure.text : null}
              onEdit={() => open({ kind: 'open', id: s.id })}
              onArchive={() => {
                setFailure(null);
                archive.mutate(
                  { id: s.id, isArchived: !s.isArchived },
                  { onError: () => setFailure({ id: s.id, text: SCRIPT_MESSAGES.archive }) },
                );
              }}
              onDelete={() => setToDelete(s)}
            />
          ))}
        </section>
      )}

      {scripts.hasNextPage && !scripts.isError && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void scripts.fetchNextPage()}
            disabled={scripts.isFetchingNextPage}
          >
            {scripts.isFetchingNextPage ? 'Loading…' : 'Load more scripts'}
          </Button>
        </div>
      )}
      {scripts.isFetchNextPageError && <Alert tone="error">{SCRIPT_MESSAGES.load}</Alert>}

      <ConfirmDialog
        open={!!toDelete}
        title="Delete script"
        message={SCRIPT_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const target = toDelete;
          if (!target) return;
          setFailure(null);
          remove.mutate(target.id, {
            onSuccess: () => {
              setToDelete(null);
              if (editingScript?.id === target.id) setEditing(null);
              if (review?.script.id === target.id) setReview(null);
            },
            onError: () => {
              setToDelete(null);
              setFailure({ id: target.id, text: SCRIPT_MESSAGES.delete });
            },
          });
        }}
      />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error">
      {SCRIPT_MESSAGES.load}{' '}
      <button type="button" className="ml-2 underline" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}

/** How a long import goes: scanned pages read by OCR so far, as a bar and in words. */
function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const labelId = useId();
  const { done, total } = progress;
  return (
    <div className="rounded-lg border border-zinc-800 bg-zinc-900/70 px-4 py-3">
      <p id={labelId} role="status" className="text-sm text-zinc-200">
        Reading scanned pages with text recognition: {done} of {total}{' '}
        {total === 1 ? 'page' : 'pages'} done.
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-brand-500 transition-[width] duration-300"
          style={{ width: `${total ? (done / total) * 100 : 0}%` }}
        />
      </div>
    </div>
  );
}
