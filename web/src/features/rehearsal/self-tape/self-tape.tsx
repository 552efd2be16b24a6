import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RehearsalPlanInput } from '@doublecast/common/rehearsal';
import type { Script } from '@doublecast/common/scripts';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { recognitionConstructor } from '../cues/recognition-cue';
import { keepScreenOn } from '../engine/device';
import type { Clip } from '../engine/run-engine';
import { statusText } from '../engine/run-state';
import { PartnerAudio } from '../components/rehearsal-player';
import { RehearsalSettings } from '../components/rehearsal-settings';
import { useRehearsal } from '../components/use-rehearsal';
import { readScriptSettings, writeScriptSettings } from '../settings-store';
import { clampOffset, READER_OFFSET_DB } from './levels';
import { TapeMixer } from './tape-mixer';
import { addTake } from './take-store';
import { TakeList, takesKey } from './take-list';
import {
  cameraMessage,
  clock,
  NO_RECORDER,
  recordingFormat,
  TAKE_TOO_LONG,
  type TakeFormat,
} from './takes';

type Phase = 'off' | 'opening' | 'preview' | 'countdown' | 'slate' | 'recording' | 'saving';
type Slate = { name: string; role: string; height: string; agency: string };

const COUNTDOWN_S = 3;
const SLATE_S = 6;
/** The take runs on this long after the scene's last line. */
const TAIL_MS = 1500;

function cameraForbiddenByPolicy(): boolean {
  const policy = (
    document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }
  ).featurePolicy;
  return policy ? !policy.allowsFeature('camera') : false;
}

function browserFormat(): TakeFormat | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return recordingFormat((t) => MediaRecorder.isTypeSupported(t));
}

/**
 * /practice/{id}/self-tape: record yourself against the scene partner (issue 34). The scene runs
 * through the rehearsal's own engine (useRehearsal); the camera, the mix and the recorder are
 * TapeMixer's; takes are kept in this browser (take-store.ts).
 */
export function SelfTape({ script, input }: { script: Script; input: RehearsalPlanInput }) {
  const mixer = useRef<TapeMixer | null>(null);
  const clips = useRef<Clip[]>([]);
  const onClip = useCallback((clip: Clip) => {
    clips.current.push(clip);
    void mixer.current?.measureClip(clip.url, clip.blob);
  }, []);
  const run = useRehearsal(script, input, { onClip });
  const { lines, role, state, dispatch } = run;
  const queryClient = useQueryClient();
  const ids = { level: useId(), levelNote: useId() };

  const [format] = useState(browserFormat);
  const [phase, setPhase] = useState<Phase>('off');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  // Remembered per script, with the rehearsal's choices.
  const [saved] = useState(() => readScriptSettings(script.id).selfTape ?? {});
  const [headphones, setHeadphones] = useState(saved.headphones ?? false);
  const [offsetDb, setOffsetDb] = useState<number>(saved.offsetDb ?? READER_OFFSET_DB.default);
  const [guides, setGuides] = useState(saved.guides ?? true);
  useEffect(() => {
    writeScriptSettings(script.id, { selfTape: { headphones, offsetDb, guides } });
  }, [script.id, headphones, offsetDb, guides]);
  const [slate, setSlate] = useState<Slate>({ name: '', role, height: '', agency: '' });
  const [useSlate, setUseSlate] = useState(false);
  const [count, setCount] = useState(COUNTDOWN_S);
  const [elapsed, setElapsed] = useState(0);
  const video = useRef<HTMLVideoElement | null>(null);
  const recorder = useRef<{ stop(): void } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  /** The recording clock's interval, apart from the countdown's and slate's timers. */
  const tick = useRef<ReturnType<typeof setInterval> | null>(null);
  const releaseScreen = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream, phase]);

  // Leaving the page ends the camera, the recorder and the mix.
  useEffect(
    () => () => {
      timers.current.forEach(clearTimeout);
      if (tick.current !== null) clearInterval(tick.current);
      recorder.current?.stop();
      releaseScreen.current?.();
      mixer.current?.close();
      mixer.current = null;
    },
    [],
  );
  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);

  const openCamera = async (withHeadphones = headphones) => {
    // Reached through the app's router from a page whose policy forbids the camera: only a
    // load of this page gets the policy that allows it (decision 310).
    if (cameraForbiddenByPolicy()) {
      window.location.reload();
      return;
    }
    setError(null);
    setPhase('opening');
    try {
      if (!navigator.mediaDevices?.getUserMedia)
        throw Object.assign(new Error('no media devices'), { name: 'NotFoundError' });
      stream?.getTracks().forEach((t) => t.stop());
      const next = await TapeMixer.openCamera(withHeadphones);
      if (!mixer.current) {
        mixer.current = new TapeMixer(run.audioRef.current!, {
          offsetDb,
          headphones: withHeadphones,
        });
        for (const c of clips.current) void mixer.current.measureClip(c.url, c.blob);
      }
      mixer.current.set({ headphones: withHeadphones });
      mixer.current.useMicrophone(next);
      setStream(next);
      setPhase('preview');
    } catch (e) {
      setStream(null);
      setError(cameraMessage(e));
      setPhase('off');
    }
  };

  const later = (ms: number, then: () => void) => {
    timers.current.push(setTimeout(then, ms));
  };

  const beginScene = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    setPhase('recording');
    run.start(0);
  };

  const startTake = () => {
    if (!format || !stream || !mixer.current) return;
    setNotice(null);
    // A take is the whole scene once: no loop, no trouble-spot sequence.
    dispatch({ type: 'set-loop', loopOn: false });
    dispatch({ type: 'set-sequence', sequence: null });
    setPhase('countdown');
    for (let i = 0; i < COUNTDOWN_S; i++) later(i * 1000, () => setCount(COUNTDOWN_S - i));
    later(COUNTDOWN_S * 1000, () => {
      const startedAt = Date.now();
      setElapsed(0);
      releaseScreen.current = keepScreenOn();
      recorder.current = mixer.current!.record(stream, format, {
        onDone: (blob, durationMs) => void keep(blob, durationMs),
        onTooLong: () => {
          setNotice(TAKE_TOO_LONG);
          stopTake();
        },
        onError: () => {
          setError('The recording failed. Please try again.');
          stopTake();
        },
      });
      tick.current = setInterval(() => setElapsed((Date.now() - startedAt) / 1000), 500);
      if (useSlate && Object.values(slate).some((v) => v.trim())) {
        setPhase('slate');
        later(SLATE_S * 1000, beginScene);
      } else beginScene();
    });
  };

  // Stable (the engine's pause is): the scene's end waits TAIL_MS on it through re-renders.
  const { pause } = run;
  const stopTake = useCallback(() => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    if (tick.current !== null) clearInterval(tick.current);
    tick.current = null;
    pause();
    setPhase('saving');
    recorder.current?.stop();
    recorder.current = null;
    releaseScreen.current?.();
    releaseScreen.current = null;
  }, [pause]);

  const keep = async (blob: Blob, durationMs: number) => {
    try {
      await navigator.storage?.persist?.().catch(() => false);
      const take = await addTake({
        scriptId: script.id,
        role,
        createdAt: Date.now(),
        durationMs,
        mimeType: blob.type,
        blob,
      });
      setNotice((n) => (n ? `${n} ` : '') + `Take ${take.number} saved.`);
    } catch (e) {
      setError(
        (e as Error).name === 'QuotaExceededError'
          ? "The take could not be kept: this browser's storage for the site is full. Download and delete older takes, then record again."
          : 'The take could not be kept in this browser. Please try again.',
      );
    }
    await queryClient.invalidateQueries({ queryKey: takesKey(script.id, role) });
    await queryClient.invalidateQueries({ queryKey: ['self-tapes', 'storage'] });
    setPhase('preview');
  };

  // The scene's end ends the take, a moment later.
  const recording = phase === 'recording';
  useEffect(() => {
    if (!recording || state.status !== 'done') return;
    const t = setTimeout(stopTake, TAIL_MS);
    return () => clearTimeout(t);
  }, [recording, state.status, stopTake]);

  const busy = phase === 'countdown' || phase === 'slate' || recording || phase === 'saving';
  const line = lines[state.index];
  const cameraOn = stream !== null && phase !== 'off' && phase !== 'opening';

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-white">Self-tape: {script.title}</h1>
          <p className="text-sm text-zinc-400">
            You play {role}; the scene partner reads off camera.
          </p>
        </div>
        <nav aria-label="Self-tape" className="flex flex-wrap gap-2">
          <Link
            to={`/practice/${encodeURIComponent(script.id)}`}
            className={buttonClass('ghost', 'md')}
          >
            Back to rehearsal
          </Link>
        </nav>
      </div>

      {!format && <Alert tone="error">{NO_RECORDER}</Alert>}

      <section
        aria-labelledby="camera-heading"
        className="space-y-3 short-landscape:grid short-landscape:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] short-landscape:items-start short-landscape:gap-4 short-landscape:space-y-0"
      >
        <h2 id="camera-heading" className="sr-only">
          Camera
        </h2>
        <div className="relative aspect-video w-full overflow-hidden rounded-xl border border-zinc-800 bg-black">
          {cameraOn ? (
            <video
              ref={video}
              autoPlay
              muted
              playsInline
              aria-label="Camera preview"
              className="h-full w-full -scale-x-100 object-cover"
            />
          ) : (
            <div className="flex h-full items-center justify-center p-4 text-center text-sm text-zinc-400">
              {phase === 'opening' ? 'Opening the camera…' : 'The camera is off.'}
            </div>
          )}
          {cameraOn && guides && <FramingGuides />}
          {phase === 'countdown' && (
            <div
              className="absolute inset-0 flex items-center justify-center bg-black/40 text-7xl font-bold text-white"
              aria-hidden="true"
            >
              {count}
            </div>
          )}
          {phase === 'slate' && <SlateCard slate={slate} onDone={beginScene} />}
          {(recording || phase === 'slate') && (
            <p className="absolute left-3 top-3 flex items-center gap-2 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold text-white">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-red-500" />
              Recording {clock(elapsed)}
            </p>
          )}
        </div>

        <div className="space-y-3">
          <p role="status" aria-live="polite" className="text-sm text-zinc-300">
            {phase === 'countdown'
              ? `Recording starts in ${count}`
              : phase === 'slate'
                ? 'Recording: say your slate to camera.'
                : recording
                  ? statusText(state, lines, role)
                  : phase === 'saving'
                    ? 'Saving the take…'
                    : ''}
          </p>
          {recording && line && (
            <p className="rounded-lg border border-zinc-800 bg-zinc-900/80 p-3 text-base text-zinc-100">
              <span className="font-semibold">
                {line.character === role ? `${role} (you)` : line.character}:
              </span>{' '}
              {line.text}
            </p>
          )}
          {error && (
            <Alert tone="error">
              <p>{error}</p>
            </Alert>
          )}
          {notice && <Alert tone="success">{notice}</Alert>}
          {state.error && recording && <Alert tone="error">{state.error}</Alert>}

          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            {!cameraOn && (
              <Button size="lg" onClick={() => void openCamera()} disabled={phase === 'opening'}>
                {error ? 'Try again' : 'Turn on camera'}
              </Button>
            )}
            {cameraOn && !busy && (
              <Button size="lg" onClick={startTake} disabled={!format}>
                Record a take
              </Button>
            )}
            {recording && state.status === 'waiting' && (
              <Button size="lg" onClick={run.advance}>
                Continue
              </Button>
            )}
            {(recording || phase === 'slate' || phase === 'countdown') && (
              <Button size="lg" variant="secondary" onClick={stopTake}>
                Stop take
              </Button>
            )}
          </div>
        </div>
      </section>

      <section
        aria-labelledby="setup-heading"
        className="space-y-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
      >
        <h2 id="setup-heading" className="text-lg font-semibold text-white">
          Sound and framing
        </h2>
        <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
          <CheckboxField
            label="I am wearing headphones"
            checked={headphones}
            onChange={(on) => {
              setHeadphones(on);
              if (cameraOn) void openCamera(on);
            }}
            note={
              headphones
                ? 'The partner is mixed into the take and plays only in your headphones.'
                : 'The partner plays aloud at the reader level; echo cancellation keeps it from being taped twice.'
            }
          />
          <div>
            <label htmlFor={ids.level} className="block text-sm text-zinc-200">
              Reader level:{' '}
              {offsetDb === 0 ? 'as loud as your voice' : `${-offsetDb} dB below your voice`}
            </label>
            <input
              id={ids.level}
              type="range"
              min={READER_OFFSET_DB.min}
              max={READER_OFFSET_DB.max}
              step={1}
              value={offsetDb}
              aria-describedby={ids.levelNote}
              aria-valuetext={`${-offsetDb} dB below your voice`}
              onChange={(e) => {
                const v = clampOffset(Number(e.target.value));
                setOffsetDb(v);
                mixer.current?.set({ offsetDb: v });
              }}
              className="min-h-11 w-full accent-brand-500"
            />
            <LevelNote id={ids.levelNote} mixer={mixer} on={cameraOn} />
          </div>
          <CheckboxField
            label="Show framing guides (thirds and eye line)"
            checked={guides}
            onChange={setGuides}
          />
        </fieldset>
        <RehearsalSettings
          state={state}
          lineCount={lines.length}
          microphone={run.microphone}
          recognition={{ ...run.recognition, available: recognitionConstructor() !== null }}
          dispatch={dispatch}
          loop={false}
        />
        <fieldset disabled={busy} className="space-y-3">
          <legend className="text-base font-semibold text-white">Slate (optional)</legend>
          <CheckboxField
            label="Show my slate before the scene"
            checked={useSlate}
            onChange={setUseSlate}
          />
          {useSlate && (
            <div className="grid gap-3 sm:grid-cols-2">
              {(['name', 'role', 'height', 'agency'] as const).map((k) => (
                <SlateField
                  key={k}
                  field={k}
                  value={slate[k]}
                  onChange={(v) => setSlate((s) => ({ ...s, [k]: v }))}
                />
              ))}
            </div>
          )}
        </fieldset>
      </section>

      <TakeList scriptId={script.id} scriptTitle={script.title} role={role} />

      <PartnerAudio run={run} />
    </div>
  );
}

const SLATE_LABELS = { name: 'Name', role: 'Role', height: 'Height', agency: 'Agency' } as const;

function SlateField({
  field,
  value,
  onChange,
}: {
  field: keyof typeof SLATE_LABELS;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-zinc-300">
        {SLATE_LABELS[field]}
      </label>
      <input
        id={id}
        value={value}
        maxLength={80}
        autoComplete={field === 'name' ? 'name' : 'off'}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm"
      />
    </div>
  );
}

/** The slate on the preview, for the actor to say to camera; the scene starts after it. */
function SlateCard({ slate, onDone }: { slate: Slate; onDone: () => void }) {
  return (
    <div className="absolute inset-x-3 bottom-3 rounded-xl bg-zinc-950/85 p-3 text-white sm:inset-x-auto sm:right-3 sm:w-72">
      <p className="text-xs uppercase tracking-wide text-zinc-400">Slate</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {(Object.keys(SLATE_LABELS) as (keyof Slate)[])
          .filter((k) => slate[k].trim())
          .map((k) => (
            <div key={k} className="contents">
              <dt className="text-zinc-400">{SLATE_LABELS[k]}</dt>
              <dd>{slate[k]}</dd>
            </div>
          ))}
      </dl>
      <Button size="sm" className="mt-2" onClick={onDone}>
        Start the scene
      </Button>
    </div>
  );
}

/** A thirds grid and an eye line (eyes on the upper third), drawn over the preview. */
function FramingGuides() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0"
      data-testid="framing-guides"
    >
      <div className="absolute inset-y-0 left-1/3 border-l border-white/30" />
      <div className="absolute inset-y-0 left-2/3 border-l border-white/30" />
      <div className="absolute inset-x-0 top-1/3 border-t-2 border-dashed border-amber-300/80" />
      <span className="absolute right-2 top-1/3 mt-1 text-xs font-medium text-amber-200">
        Eye line
      </span>
      <div className="absolute inset-x-0 top-2/3 border-t border-white/30" />
    </div>
  );
}

/** The actor's measured speech level and where the reader sits, read twice a second. */
function LevelNote({
  id,
  mixer,
  on,
}: {
  id: string;
  mixer: React.RefObject<TapeMixer | null>;
  on: boolean;
}) {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setLevel(mixer.current?.actorLevel() ?? null), 500);
    return () => clearInterval(t);
  }, [mixer, on]);
  return (
    <p id={id} className="text-xs text-zinc-400">
      {level === null
        ? 'Say a few lines with the camera on to measure your voice; until then the reader sits at a typical level.'
        : `Your voice measures ${Math.round(level)} dB; the reader is mixed at ${Math.round(level + (mixer.current?.offsetDb ?? 0))} dB.`}
    </p>
  );
}
