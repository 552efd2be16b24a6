import { useId, useState } from 'react';
import {
  describeImportSummary,
  describePages,
  outlineScenes,
  summariseAnalysis,
  type ImportSummary,
  type Script,
} from '@doublecast/common/scripts';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useRenameCharacter } from '../api/rename-character';
import { CharacterNameForm } from './character-name-form';
import { LineReassign } from './line-reassign';
import { saveErrorText } from '../api/save-script';

/**
 * What an import understood, before the actor rehearses (issue 18): the counts, every speaking
 * character (rename, or merge by giving another character's name, saved at once) and the scenes
 * with who speaks in them, so a bad reading shows at a glance.
 */
export function ImportReview({
  script,
  summary,
  onChange,
  onCheckLines,
  onClose,
}: {
  script: Script;
  summary: ImportSummary;
  onChange: (script: Script) => void;
  onCheckLines: () => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const lines = script.analysis?.lines ?? [];
  const now = summariseAnalysis(
    { lines },
    {
      pages: summary.pages,
      pagesWithoutDialogue: summary.pagesWithoutDialogue,
      ocrPages: summary.ocrPages,
    },
  );
  const scenes = outlineScenes({ lines });
  const speaking = script.characters.filter((c) => c.lineCount > 0);

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-6 rounded-2xl border border-zinc-800 bg-zinc-900/70 p-5 sm:p-6"
    >
      <div>
        <h2 id={headingId} className="text-xl font-semibold break-words text-white">
          What we found in “{script.title}”
        </h2>
        <p className="mt-2 text-lg text-zinc-100">{describeImportSummary(now)}.</p>
        <p className="mt-1 text-sm text-zinc-400">
          Check the names, lines and scenes below before you rehearse. A name read wrongly can be
          renamed, two names for one person merged, and a line given to the right character.
        </p>
        {now.ocrPages.length > 0 && (
          <Alert tone="info" className="mt-3">
            {now.ocrPages.length === 1 ? 'Page' : 'Pages'} {describePages(now.ocrPages)}{' '}
            {now.ocrPages.length === 1 ? 'was a scan' : 'were scans'} (an image, no text) and{' '}
            {now.ocrPages.length === 1 ? 'was' : 'were'} read by text recognition (OCR). Check the
            names and lines below: a misread name can be renamed, a misread line given to the right
            character.
          </Alert>
        )}
        {!!now.pagesWithoutDialogue && (
          <Alert tone="info" className="mt-3">
            Some pages had text but no speech we could read. If a scene there has dialogue, check
            its lines with “Check every line”.
          </Alert>
        )}
      </div>

      <section aria-labelledby={`${headingId}-characters`}>
        <h3 id={`${headingId}-characters`} className="text-base font-semibold text-white">
          Characters ({speaking.length})
        </h3>
        <p className="mt-1 text-sm text-zinc-400">
          To merge two characters, give one the other’s name.
        </p>
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {speaking.map((c) => (
            <CharacterRename
              key={c.name}
              scriptId={script.id}
              name={c.name}
              speeches={c.lineCount}
              onRenamed={onChange}
            />
          ))}
        </ul>
      </section>

      <LineReassign script={script} onChanged={onChange} />

      <section aria-labelledby={`${headingId}-scenes`}>
        <h3 id={`${headingId}-scenes`} className="text-base font-semibold text-white">
          Scenes ({scenes.filter((s) => s.heading !== null).length})
        </h3>
        {scenes.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">No scenes found.</p>
        ) : (
          <ol className="mt-3 max-h-80 space-y-2 overflow-y-auto rounded-lg border border-zinc-800 bg-zinc-950/50 p-3">
            {scenes.map((scene, i) => (
              <li key={i} className="text-sm">
                <span className="font-mono font-semibold break-words text-zinc-100">
                  {scene.heading ?? 'Before the first scene heading'}
                </span>
                <span className="block text-zinc-400">
                  {scene.speeches === 0
                    ? 'No speeches'
                    : `${scene.speeches} ${scene.speeches === 1 ? 'speech' : 'speeches'}: ${scene.speakers.join(', ')}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className="flex flex-wrap gap-3">
        <ButtonLink to={`/practice?script=${encodeURIComponent(script.id)}`}>
          Rehearse now
        </ButtonLink>
        <Button variant="secondary" onClick={onCheckLines}>
          Check every line
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </section>
  );
}

function CharacterRename({
  scriptId,
  name,
  speeches,
  onRenamed,
}: {
  scriptId: string;
  name: string;
  speeches: number;
  onRenamed: (script: Script) => void;
}) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameCharacter();

  return (
    <CharacterNameForm
      look="card"
      nameLabel={`New name for ${name}`}
      placeholder="New name"
      name={to}
      onNameChange={setTo}
      saveLabel={`Rename or merge ${name}`}
      saveText="Rename"
      saving={rename.isPending}
      error={error}
      onError={setError}
      onSave={() => {
        setError(null);
        rename.mutate(
          { id: scriptId, from: name, to },
          { onSuccess: onRenamed, onError: (e) => setError(saveErrorText(e)) },
        );
      }}
    >
      <p className="text-sm">
        <span className="font-semibold break-words text-white">{name}</span>{' '}
        <span className="text-zinc-400">
          · {speeches} {speeches === 1 ? 'speech' : 'speeches'}
        </span>
      </p>
    </CharacterNameForm>
  );
}
