import { useEffect, useRef, useState } from 'react';
import {
  ADMIN_VOICES_MESSAGES,
  SEVERAL_PROVIDERS_NAME,
  VOICE_CATEGORIES,
  VOICE_CATEGORY_LABELS,
  type AdminVoice,
  type VoiceCategory,
} from '@doublecast/common/voices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useOnline } from '../../../lib/use-online';
import { userMessage } from '../../../lib/user-message';
import {
  useAdminVoices,
  useImportVoices,
  useRenameVoice,
  useSetVoiceCategory,
} from '../api/admin-voices';

export const adminFieldClass =
  'rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Voice Management: display names (click to edit), labels, category correction, import. */
export function VoiceManagementPanel() {
  const online = useOnline();
  const voices = useAdminVoices();
  const rename = useRenameVoice();
  const category = useSetVoiceCategory();
  const importVoices = useImportVoices();
  // Each notice shows beside what it is about: the import's by its button, a voice's in its row.
  const [importNotice, setImportNotice] = useState<Notice>(null);
  const [voiceNotice, setVoiceNotice] = useState<
    (NonNullable<Notice> & { voiceId: string }) | null
  >(null);
  const provider = voices.data?.provider ?? SEVERAL_PROVIDERS_NAME;

  const saveName = (voice: AdminVoice, name: string) => {
    const next = name.trim();
    if (next === voice.name || (!next && voice.name === voice.originalName)) return;
    rename.mutate(
      { voiceId: voice.id, name: next },
      {
        onSuccess: () =>
          setVoiceNotice({
            voiceId: voice.id,
            tone: 'success',
            text: ADMIN_VOICES_MESSAGES.namesSaved,
          }),
        onError: () =>
          setVoiceNotice({
            voiceId: voice.id,
            tone: 'error',
            text: ADMIN_VOICES_MESSAGES.namesFailed,
          }),
      },
    );
  };

  return (
    <section aria-labelledby="voice-management-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="voice-management-title" className="text-lg font-semibold text-white">
          Voice Management
        </h3>
        <Button
          variant="secondary"
          disabled={!online || importVoices.isPending}
          onClick={() =>
            importVoices.mutate(undefined, {
              onSuccess: (r) =>
                setImportNotice({
                  tone: 'success',
                  text: ADMIN_VOICES_MESSAGES.imported(r.voicesImported, r.provider),
                }),
              onError: () =>
                setImportNotice({
                  tone: 'error',
                  text: ADMIN_VOICES_MESSAGES.importFailed(provider),
                }),
            })
          }
        >
          {importVoices.isPending ? 'Importing...' : `Import Voices from ${provider}`}
        </Button>
      </div>
      {importNotice && <Alert tone={importNotice.tone}>{importNotice.text}</Alert>}
      <p className="text-sm text-zinc-400">
        Click a name to change it; Enter or leaving the field saves, Escape cancels. An empty name
        restores the provider&apos;s own.
      </p>
      {voices.isPending ? (
        <p className="text-sm text-zinc-400">Loading voices...</p>
      ) : voices.isError ? (
        <Alert tone="error">{userMessage(voices.error, ADMIN_VOICES_MESSAGES.loadFailed)}</Alert>
      ) : (
        <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
          {voices.data.voices.map((voice) => (
            <li
              key={voice.id}
              className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            >
              <div className="min-w-0 space-y-1">
                <VoiceName voice={voice} disabled={!online} onSave={(n) => saveName(voice, n)} />
                {voice.name !== voice.originalName && (
                  <p className="text-xs text-zinc-400">Original name: {voice.originalName}</p>
                )}
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-400">
                  <Label term="Gender" value={voice.labels.gender} />
                  <Label term="Age" value={voice.labels.age} />
                  <Label term="Accent" value={voice.labels.accent} />
                  <Label term="Category" value={VOICE_CATEGORY_LABELS[voice.category]} />
                  <div className="flex gap-1">
                    <dt>ID:</dt>
                    <dd className="break-all font-mono text-zinc-300">{voice.id}</dd>
                  </div>
                </dl>
              </div>
              <label className="flex items-center gap-2 text-sm text-zinc-300">
                <span>Category</span>
                <select
                  aria-label={`Category of ${voice.name}`}
                  className={adminFieldClass}
                  value={voice.category}
                  disabled={!online || category.isPending}
                  onChange={(e) =>
                    category.mutate(
                      { voiceId: voice.id, category: e.target.value as VoiceCategory },
                      {
                        onError: (err) =>
                          setVoiceNotice({
                            voiceId: voice.id,
                            tone: 'error',
                            text: userMessage(err, ADMIN_VOICES_MESSAGES.categoryFailed),
                          }),
                        onSuccess: () => setVoiceNotice(null),
                      },
                    )
                  }
                >
                  {VOICE_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {VOICE_CATEGORY_LABELS[c]}
                    </option>
                  ))}
                </select>
              </label>
              {voiceNotice?.voiceId === voice.id && (
                <Alert tone={voiceNotice.tone} className="sm:col-span-2">
                  {voiceNotice.text}
                </Alert>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Label({ term, value }: { term: string; value: string | null }) {
  return (
    <div className="flex gap-1">
      <dt>{term}:</dt>
      <dd className="capitalize text-zinc-300">{value ?? 'N/A'}</dd>
    </div>
  );
}

/** The display name: a button that turns into a field; Enter or blur saves, Escape cancels. */
function VoiceName({
  voice,
  disabled,
  onSave,
}: {
  voice: AdminVoice;
  disabled: boolean;
  onSave: (name: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const cancelled = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    // Back on the name's button once the edit ends, so the keyboard stays where it was.
    if (draft === null && wasEditing.current) button.current?.focus();
    wasEditing.current = draft !== null;
  }, [draft]);
  if (draft === null)
    return (
      <button
        ref={button}
        type="button"
        disabled={disabled}
        onClick={() => {
          cancelled.current = false;
          setDraft(voice.name);
        }}
        aria-label={`Edit display name of ${voice.name}`}
        className="-mx-1 rounded px-1 text-left text-base font-semibold text-white hover:bg-zinc-800 focus:outline-none focus:ring-2 focus:ring-brand-400"
      >
        {voice.name}
      </button>
    );
  return (
    <input
      // The field replaces the button the admin just pressed, so it takes the focus.
      autoFocus
      aria-label={`Display name of ${voice.originalName}`}
      maxLength={100}
      className={`${adminFieldClass} w-full max-w-xs`}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          e.currentTarget.blur();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          cancelled.current = true;
          setDraft(null);
        }
      }}
      onBlur={() => {
        if (!cancelled.current) onSave(draft);
        setDraft(null);
      }}
    />
  );
}
