import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  addTag,
  countWords,
  SCRIPT_CONTENT_REQUIRED,
  SCRIPT_TITLE_REQUIRED,
  type Script,
  type ScriptAnalysis,
} from '@doublecast/common/scripts';
import { parseScript } from '@doublecast/common/script-parser/parse-script';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useFormMessages } from '../../../lib/use-form-messages';
import { saveErrorText, useSaveScript } from '../api/save-script';
import { LinesEditor } from './lines-editor';

/**
 * The New/Edit Script form: title and content required, tags added with Enter (no duplicates),
 * and the line split (speakers, characters, unspoken lines) that rehearsal reads.
 */
export function ScriptForm({
  script,
  onDone,
}: {
  script: Script | null;
  onDone: (saved: Script | null) => void;
}) {
  const [title, setTitle] = useState(script?.title ?? '');
  const [content, setContent] = useState(script?.content ?? '');
  const [tags, setTags] = useState<string[]>(script?.tags ?? []);
  const [tagText, setTagText] = useState('');
  // Corrections belong to one exact text; editing the text splits it again.
  const [corrected, setCorrected] = useState<{ content: string; analysis: ScriptAnalysis } | null>(
    script?.analysis ? { content: script.content, analysis: script.analysis } : null,
  );
  const analysis = useMemo(
    () => (corrected && corrected.content === content ? corrected.analysis : parseScript(content)),
    [corrected, content],
  );
  const save = useSaveScript();
  const tagsId = useId();
  const headingId = useId();
  const messages = useFormMessages({ title, content, tags, analysis }, (v) => ({
    ...(v.title.trim() ? {} : { title: SCRIPT_TITLE_REQUIRED }),
    ...(v.content.trim() ? {} : { content: SCRIPT_CONTENT_REQUIRED }),
  }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!messages.validate()) return;
    save.mutate(
      { id: script?.id ?? null, input: { title, content, tags, analysis } },
      { onSuccess: (saved) => onDone(saved), onError: (e) => messages.fail(saveErrorText(e)) },
    );
  };

  return (
    <form
      ref={messages.formRef}
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      noValidate
      className="space-y-5"
    >
      <h2 id={headingId} className="text-xl font-semibold text-white">
        {script ? 'Edit Script' : 'New Script'}
      </h2>
      <TextField
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        maxLength={200}
        error={messages.fieldErrors.title}
      />
      <div>
        <TextAreaField
          label="Script"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          required
          error={messages.fieldErrors.content}
          rows={12}
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
          placeholder={
            "INT. KITCHEN - NIGHT\n\nANNA\nYou're late.\n\nBEN\n(taking off his coat)\nI know."
          }
        />
        <p className="mt-1.5 text-xs text-zinc-400" aria-live="polite">
          {countWords(content).toLocaleString()} words · {content.length.toLocaleString()}{' '}
          characters
        </p>
      </div>
      <div>
        <label htmlFor={tagsId} className="mb-1.5 block text-sm font-medium text-zinc-200">
          Tags
        </label>
        <input
          id={tagsId}
          value={tagText}
          onChange={(e) => setTagText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            setTags((t) => addTag(t, tagText));
            setTagText('');
          }}
          placeholder="Type a tag and press Enter"
          aria-describedby={`${tagsId}-list`}
          className="block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
        />
        <ul id={`${tagsId}-list`} aria-label="Tags added" className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-500/15 py-0.5 pr-1 pl-3 text-xs text-brand-300"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => setTags((t) => t.filter((x) => x !== tag))}
                className="rounded-full px-1.5 text-brand-300 hover:bg-brand-500/25 hover:text-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </div>

      <details className="rounded-xl border border-zinc-800 bg-zinc-950/40 p-4" open={!!script}>
        <summary className="cursor-pointer text-sm font-semibold text-zinc-200">
          Characters and lines <span className="font-normal text-zinc-400">(used by Practice)</span>
        </summary>
        <div className="mt-4">
          <LinesEditor
            analysis={analysis}
            onChange={(next) => setCorrected({ content, analysis: next })}
          />
        </div>
      </details>

      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Script'}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
