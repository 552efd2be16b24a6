import type { ReactNode } from 'react';
import { useId } from 'react';
import type { AudioSettings } from '@doublecast/common/studio';
import { AudioSettingsPanel } from './audio-settings';
import { FieldMessage } from './field-message';
import { StudioStep } from './studio-step';

/** Step 2: the script, its character count against the month, and the audio settings. */
export function ScriptStep({
  text,
  characters,
  remaining,
  settings,
  onTextChange,
  onSettingsChange,
  onSettingsCommit,
  error,
  scenePanel,
}: {
  text: string;
  characters: number;
  /** Characters left this month, or null while unknown. */
  remaining: number | null;
  settings: AudioSettings;
  onTextChange: (text: string) => void;
  onSettingsChange: (settings: AudioSettings) => void;
  onSettingsCommit: () => void;
  /** A message about the script (none entered), beside it. */
  error: string | null;
  /** Read as a scene, when the text is a script. */
  scenePanel?: ReactNode;
}) {
  const scriptId = useId();
  const leftAfter = remaining === null ? null : remaining - characters;
  return (
    <StudioStep n={2} title="Enter Your Script" id="step-script">
      <label htmlFor={scriptId} className="mb-1.5 block text-sm font-medium text-zinc-200">
        Script
      </label>
      <textarea
        id={scriptId}
        value={text}
        onChange={(e) => onTextChange(e.target.value)}
        placeholder="Paste or type the lines you want to hear..."
        aria-describedby={`${scriptId}-count${error ? ` ${scriptId}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        rows={7}
        className="block min-h-40 w-full resize-y rounded-lg border border-zinc-700 bg-zinc-950/70 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
      />
      <FieldMessage id={`${scriptId}-error`} message={error} />
      <p
        id={`${scriptId}-count`}
        aria-live="polite"
        className="mt-2 flex flex-wrap justify-between gap-2 text-sm"
      >
        <span className="tabular-nums text-zinc-300">
          {characters.toLocaleString('en-US')} characters
        </span>
        {leftAfter !== null && (
          <span
            className={`tabular-nums ${leftAfter < 0 ? 'font-semibold text-red-300' : 'text-zinc-400'}`}
          >
            {leftAfter < 0
              ? `${(-leftAfter).toLocaleString('en-US')} over what is left this month`
              : `${leftAfter.toLocaleString('en-US')} left this month after this reading`}
          </span>
        )}
      </p>
      {scenePanel}
      <div className="mt-6">
        <AudioSettingsPanel
          settings={settings}
          onChange={onSettingsChange}
          onCommit={onSettingsCommit}
        />
      </div>
    </StudioStep>
  );
}
