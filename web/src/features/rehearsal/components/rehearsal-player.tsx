import { useEffect, useRef } from 'react';
import type { RehearsalPlanInput } from '@doublecast/common/rehearsal';
import type { Script } from '@doublecast/common/scripts';
import { recognitionConstructor } from '../cues/recognition-cue';
import { canRevealLine, statusText } from '../engine/run-state';
import { LineCheck } from './line-check';
import { RehearsalSettings } from './rehearsal-settings';
import { RunHeader } from './run-header';
import { RunHistory } from './run-history';
import { RunSummary } from './run-summary';
import { SceneLines } from './scene-lines';
import { TransportBar } from './transport-bar';
import { useRehearsal } from './use-rehearsal';

/**
 * A script's run page: the run's settings, the scene, the check of the last line, the
 * transport bar, the end of the run, and the script's runs (see useRehearsal).
 */
export function RehearsalPlayer({
  script,
  input,
  autoplay = false,
}: {
  script: Script;
  input: RehearsalPlanInput;
  /** Starts the scene at once (the actor pressed Start rehearsal on the setup). */
  autoplay?: boolean;
}) {
  const run = useRehearsal(script, input);
  const { lines, role, state, dispatch } = run;
  const currentLine = lines[state.index];
  const checked = state.run.lastChecked
    ? lines.find((l) => l.id === state.run.lastChecked)
    : undefined;
  const check = checked ? state.run.checks[checked.id] : undefined;
  const started = useRef(false);
  const { start } = run;
  useEffect(() => {
    if (!autoplay || started.current) return;
    started.current = true;
    start(0);
  }, [autoplay, start]);

  return (
    <div className="space-y-5">
      <RunHeader scriptId={script.id} title={script.title}>
        <p className="text-sm text-zinc-400">You play {role}</p>
      </RunHeader>

      <RehearsalSettings
        state={state}
        lineCount={lines.length}
        microphone={run.microphone}
        recognition={{ ...run.recognition, available: recognitionConstructor() !== null }}
        dispatch={dispatch}
      />

      <SceneLines
        lines={lines}
        role={role}
        state={state}
        currentLineRef={run.currentLineRef}
        onJump={run.playFrom}
        directing={{
          scriptId: script.id,
          voices: input.voices,
          notes: run.delivery.notes,
          takes: run.delivery.takes,
          direct: run.direct,
          respelled: run.respelled,
        }}
      />

      {checked && check && <LineCheck line={checked} check={check} />}

      <TransportBar
        state={state}
        statusText={statusText(state, lines, role)}
        canReveal={canRevealLine(state, lines, role)}
        onStart={run.restart}
        onContinue={run.advance}
        onPause={run.pause}
        onResume={run.resume}
        onReveal={() => currentLine && dispatch({ type: 'reveal', lineId: currentLine.id })}
      />

      {state.status === 'done' && state.run.reached.length > 0 && (
        <RunSummary
          scriptId={script.id}
          lines={lines}
          role={role}
          state={state}
          saved={run.runSaved.isSuccess}
          onLoop={(from, to) => {
            dispatch({ type: 'set-loop-from', line: from });
            dispatch({ type: 'set-loop-to', line: to });
            dispatch({ type: 'set-loop', loopOn: true });
            start(from);
          }}
          onRunTroubleSpots={(indexes) => {
            dispatch({ type: 'set-sequence', sequence: indexes });
            start(indexes[0]!);
          }}
        />
      )}

      <RunHistory scriptId={script.id} />

      <PartnerAudio run={run} />
    </div>
  );
}

/** The run's one audio element, where the partner's lines play (and are measured). */
export function PartnerAudio({
  run,
}: {
  run: Pick<ReturnType<typeof useRehearsal>, 'audioRef' | 'measure'>;
}) {
  return (
    <audio
      ref={run.audioRef}
      preload="auto"
      className="hidden"
      onLoadedMetadata={(e) => run.measure(e.currentTarget.duration)}
    />
  );
}
