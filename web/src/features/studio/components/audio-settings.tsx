import { useId } from 'react';
import {
  SIMILARITY_RANGE,
  SPEED_RANGE,
  STABILITY_RANGE,
  type AudioSettings,
} from '@doublecast/common/studio';

function Slider({
  label,
  value,
  min,
  max,
  step,
  format,
  onChange,
  onCommit,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (v: number) => string;
  onChange: (v: number) => void;
  onCommit: () => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <label htmlFor={id} className="font-medium text-zinc-200">
          {label}
        </label>
        <span className="tabular-nums text-zinc-400">{format(value)}</span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        onPointerUp={onCommit}
        onKeyUp={onCommit}
        onBlur={onCommit}
        className="mt-2 w-full accent-brand-500"
      />
    </div>
  );
}

/** Speed, stability and similarity; the values are saved as the user's defaults. */
export function AudioSettingsPanel({
  settings,
  onChange,
  onCommit,
}: {
  settings: AudioSettings;
  onChange: (s: AudioSettings) => void;
  onCommit: () => void;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-zinc-300">Voice settings</legend>
      <Slider
        label="Speed"
        value={settings.defaultSpeed}
        min={SPEED_RANGE.min}
        max={SPEED_RANGE.max}
        step={SPEED_RANGE.step}
        format={(v) => `${v.toFixed(2)}x`}
        onChange={(v) => onChange({ ...settings, defaultSpeed: v })}
        onCommit={onCommit}
      />
      <Slider
        label="Stability"
        value={settings.defaultStability}
        min={STABILITY_RANGE.min}
        max={STABILITY_RANGE.max}
        step={STABILITY_RANGE.step}
        format={(v) => v.toFixed(2)}
        onChange={(v) => onChange({ ...settings, defaultStability: v })}
        onCommit={onCommit}
      />
      <Slider
        label="Similarity"
        value={settings.defaultSimilarity}
        min={SIMILARITY_RANGE.min}
        max={SIMILARITY_RANGE.max}
        step={SIMILARITY_RANGE.step}
        format={(v) => v.toFixed(2)}
        onChange={(v) => onChange({ ...settings, defaultSimilarity: v })}
        onCommit={onCommit}
      />
    </fieldset>
  );
}
