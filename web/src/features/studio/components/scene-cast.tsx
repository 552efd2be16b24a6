import { useId } from 'react';
import { SCENE_TEXTS, type SceneCast } from '@doublecast/common/studio';
import type { Voice } from '@doublecast/common/voices';
import { FieldMessage } from './field-message';
import type { ReadMode } from './studio-state';

const ageWords = { child: 'child', young: 'young', adult: 'adult', old: 'older' } as const;

function VoiceOptions({ voices }: { voices: Voice[] }) {
  return voices.map((v) => (
    <option key={v.id} value={v.id}>
      {v.name}
      {[v.labels.gender, v.labels.accent].filter(Boolean).length
        ? ` (${[v.labels.gender, v.labels.accent].filter(Boolean).join(', ')})`
        : ''}
    </option>
  ));
}

/**
 * When the text is a script: read it in the one chosen voice, or as a scene with a voice per
 * character (cast from the script's hints, changeable) and a narrator for headings and action
 * (or none). Parentheticals are never read.
 */
export function SceneCastPanel({
  scene,
  voices,
  mode,
  cast,
  narratorVoiceId,
  error,
  onMode,
  onCast,
  onNarrator,
}: {
  scene: SceneCast;
  voices: Voice[];
  mode: ReadMode;
  cast: Record<string, string>;
  narratorVoiceId: string | null;
  error: string | null;
  onMode: (mode: ReadMode) => void;
  onCast: (character: string, voiceId: string) => void;
  onNarrator: (voiceId: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mt-5 rounded-xl border border-zinc-800 bg-zinc-950/40 p-4">
      <legend className="px-1 text-sm font-medium text-zinc-200">
        This is a script: {scene.characters.length}{' '}
        {scene.characters.length === 1 ? 'character' : 'characters'}
      </legend>
      <div role="radiogroup" aria-label="How to read it" className="flex flex-wrap gap-x-6 gap-y-2">
        {(
          [
            ['scene', SCENE_TEXTS.readAsScene],
            ['voice', SCENE_TEXTS.readOneVoice],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onMode(value)}
              className="accent-brand-500"
            />
            {label}
          </label>
        ))}
      </div>
      {mode === 'scene' && (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {scene.characters.map((c) => (
            <div key={c.name}>
              <label htmlFor={`${id}-${c.name}`} className="block text-sm text-zinc-300">
                <span className="font-semibold text-white">{c.name}</span>{' '}
                <span className="text-zinc-400">
                  {c.lines} {c.lines === 1 ? 'line' : 'lines'}
                  {c.gender || c.age
                    ? ` · ${[c.age && ageWords[c.age], c.gender].filter(Boolean).join(' ')}`
                    : ''}
                </span>
              </label>
              <select
                id={`${id}-${c.name}`}
                value={cast[c.name] ?? ''}
                onChange={(e) => onCast(c.name, e.target.value)}
                aria-describedby={error ? `${id}-error` : undefined}
                className="mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3 py-2 text-sm text-zinc-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
              >
                {!cast[c.name] && <option value="">Choose a voice</option>}
                <VoiceOptions voices={voices} />
              </select>
            </div>
          ))}
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-narrator`} className="block text-sm text-zinc-300">
              {SCENE_TEXTS.narrator}
            </label>
            <select
              id={`${id}-narrator`}
              value={narratorVoiceId ?? ''}
              onChange={(e) => onNarrator(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3 py-2 text-sm text-zinc-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 sm:w-1/2"
            >
              <option value="">{SCENE_TEXTS.skipNarration}</option>
              <VoiceOptions voices={voices} />
            </select>
            <p className="mt-1 text-xs text-zinc-400">
              Character names and parentheticals are never read aloud.
            </p>
          </div>
        </div>
      )}
      <FieldMessage id={`${id}-error`} message={error} />
    </fieldset>
  );
}
