import type { RehearsalPlanInput } from '@doublecast/common/rehearsal';
import type { Script } from '@doublecast/common/scripts';
import { Button } from '../../../components/ui/button';
import { canRevealLine, statusText } from './rehearsal-state';
import { RehearsalSettings } from './rehearsal-settings';
import { SceneLines } from './scene-lines';
import { TransportBar } from './transport-bar';
import { useRehearsal } from './use-rehearsal';

/** The scene partner: the run's settings, the scene, and the transport bar (see useRehearsal). */
export function RehearsalPlayer({
  script,
  input,
  onExit,
}: {
  script: Script;
  input: RehearsalPlanInput;
  onExit: () => void;
}) {
  const run = useRehearsal(script, input);
  const { lines, role, state, dispatch } = run;
  const currentLine = lines[state.index];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold text-white">{script.title}</h2>
          <p className="text-sm text-zinc-400">You play {role}</p>
        </div>
        <Button variant="ghost" onClick={onExit}>
          Back to setup
        </Button>
      </div>

      <RehearsalSettings
        state={state}
        lineCount={lines.length}
        microphone={run.microphone}
        dispatch={dispatch}
      />

      <SceneLines
        lines={lines}
        role={role}
        state={state}
        currentLineRef={run.currentLineRef}
        onJump={(i) => void run.playFrom(i)}
      />

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

      <audio
        ref={run.audioRef}
        preload="auto"
        className="hidden"
        onLoadedMetadata={(e) => run.measure(e.currentTarget.duration)}
      />
    </div>
  );
}
