import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { suggestVoices, type RehearsalPlanInput } from '@doublecast/common/rehearsal';
import type { ScriptSummary } from '@doublecast/common/scripts';
import type { Voice } from '@doublecast/common/voices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, selectClass } from '../../../components/ui/select-field';
import { useRehearsalPlan } from '../api/plan-rehearsal';
import { readScriptSettings } from '../settings-store';
import { userMessage } from '../../../lib/user-message';
import { formatInteger } from '@doublecast/common/format';

const PLAN_FAILED = 'Failed to work out what this scene will use. Please try again.';

/**
 * Before a run: the script, "my role", a voice for every other character (suggested from the
 * gender the script implies), and what the run will cost this month.
 */
export function PracticeSetup({
  scripts,
  voices,
  initialScriptId,
  onStart,
  onReaderTrack,
  readerTrackBusy,
}: {
  scripts: ScriptSummary[];
  voices: Voice[];
  initialScriptId: string | null;
  onStart: (setup: { script: ScriptSummary; input: RehearsalPlanInput }) => void;
  onReaderTrack: (setup: { script: ScriptSummary; input: RehearsalPlanInput }) => void;
  readerTrackBusy: boolean;
}) {
  const playable = scripts.filter((s) => s.characters.some((c) => c.lineCount > 0));
  const [scriptId, setScriptId] = useState<string>(() =>
    initialScriptId && playable.some((s) => s.id === initialScriptId)
      ? initialScriptId
      : (playable[0]?.id ?? ''),
  );
  const script = playable.find((s) => s.id === scriptId) ?? null;
  const characters = useMemo(
    () => script?.characters.filter((c) => c.lineCount > 0) ?? [],
    [script],
  );
  const [pickedRole, setRole] = useState(() => readScriptSettings(scriptId).role ?? '');
  // The first speaking character until one is picked: decided in the render, so the first
  // frame already lists the right partners (an effect redrew them, moving what is below).
  const role = characters.some((c) => c.name === pickedRole)
    ? pickedRole
    : (characters[0]?.name ?? '');
  const [chosen, setChosen] = useState<Record<string, string>>(
    () => readScriptSettings(scriptId).voices ?? {},
  );
  const ids = { script: useId(), role: useId() };

  // A new script or role starts from the suggestions; the actor's own picks are kept per name.
  const suggested = useMemo(
    () => suggestVoices(characters, voices, role),
    [characters, voices, role],
  );
  const assignment = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of characters) {
      if (c.name === role) continue;
      const pick = chosen[c.name];
      out[c.name] = pick && voices.some((v) => v.id === pick) ? pick : (suggested[c.name] ?? '');
    }
    return out;
  }, [characters, chosen, role, suggested, voices]);

  const pickScript = (id: string) => {
    // Each script opens with the role and voices last chosen for it.
    const saved = readScriptSettings(id);
    setScriptId(id);
    setRole(saved.role ?? '');
    setChosen(saved.voices ?? {});
  };

  const complete = !!script && !!role && Object.values(assignment).every(Boolean);
  const input: RehearsalPlanInput | null = complete
    ? { scriptId: script.id, role, voices: assignment }
    : null;
  const plan = useRehearsalPlan(input);

  if (playable.length === 0) {
    return (
      <Alert tone="info">
        No script with speaking characters yet. Add one in{' '}
        <Link to="/scripts" className="font-semibold underline hover:text-white">
          My Scripts
        </Link>
        : paste a scene or import your sides, then come back here.
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Script"
          id={ids.script}
          value={scriptId}
          onChange={(e) => pickScript(e.target.value)}
        >
          {playable.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
              {s.isSample ? ' (sample)' : ''}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="My role"
          id={ids.role}
          value={role}
          onChange={(e) => setRole(e.target.value)}
        >
          {characters.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name} ({c.lineCount} {c.lineCount === 1 ? 'line' : 'lines'})
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className="rounded-xl border border-zinc-800 p-4">
        <legend className="px-1 text-sm font-semibold text-zinc-200">Scene partners</legend>
        {voices.length === 0 ? (
          <p className="text-sm text-zinc-400">No voices are available to your account yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {characters
              .filter((c) => c.name !== role)
              .map((c) => (
                <PartnerVoice
                  key={c.name}
                  name={c.name}
                  lineCount={c.lineCount}
                  gender={c.gender}
                  voices={voices}
                  value={assignment[c.name] ?? ''}
                  suggestedId={suggested[c.name]}
                  onChange={(id) => setChosen((x) => ({ ...x, [c.name]: id }))}
                />
              ))}
          </ul>
        )}
      </fieldset>

      {/* Three lines tall on a phone, as the plan's answer is, so the buttons stay put. */}
      <div
        role="status"
        aria-live="polite"
        className="min-h-[5.375rem] rounded-xl border border-brand-500/30 bg-brand-500/10 px-4 py-3 text-sm text-brand-300 sm:min-h-0"
      >
        {plan.data ? (
          <>
            This scene will use{' '}
            <strong className="text-white">{formatInteger(plan.data.newCharacters)}</strong>{' '}
            characters
            {plan.data.newCharacters === 0 && ' (every line is ready; running it again is free)'}.
            You have <strong className="text-white">{formatInteger(plan.data.remaining)}</strong> of{' '}
            {formatInteger(plan.data.limit)} characters left this month.
          </>
        ) : plan.isError ? (
          userMessage(plan.error, PLAN_FAILED)
        ) : complete ? (
          'Working out what this scene will use…'
        ) : (
          'Pick your role and a voice for every other character.'
        )}
      </div>
      {plan.data && plan.data.newCharacters > plan.data.remaining && (
        <Alert tone="error">
          This scene needs more characters than you have left this month. Lines already made still
          play for free.
        </Alert>
      )}

      <div className="flex flex-wrap gap-3">
        <Button
          size="lg"
          disabled={!input || !script}
          onClick={() => script && input && onStart({ script, input })}
        >
          Start rehearsal
        </Button>
        <Button
          size="lg"
          variant="secondary"
          disabled={!input || !script || readerTrackBusy}
          onClick={() => script && input && onReaderTrack({ script, input })}
        >
          {readerTrackBusy ? 'Making reader track…' : 'Make reader track'}
        </Button>
      </div>
    </div>
  );
}

function PartnerVoice({
  name,
  lineCount,
  gender,
  voices,
  value,
  suggestedId,
  onChange,
}: {
  name: string;
  lineCount: number;
  gender: 'male' | 'female' | null;
  voices: Voice[];
  value: string;
  suggestedId: string | undefined;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const ordered = [...voices].sort(
    (a, b) => Number(b.labels.gender === gender) - Number(a.labels.gender === gender),
  );
  return (
    <li>
      <label htmlFor={id} className="mb-1 block text-sm text-zinc-300">
        <span className="font-semibold text-white">{name}</span>{' '}
        <span className="text-zinc-400">
          · {lineCount} {lineCount === 1 ? 'line' : 'lines'}
          {gender && ` · ${gender}`}
        </span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={selectClass}
      >
        {ordered.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
            {v.labels.accent ? ` (${v.labels.accent})` : ''}
            {v.id === suggestedId ? ' - suggested' : ''}
          </option>
        ))}
      </select>
    </li>
  );
}
