import { fromDb, readerGainDb, SpeechMeter, speechLevelDb } from './levels';
import { MAX_TAKE_MS, type TakeFormat } from './takes';

/**
 * The self-tape's sound and recorder (issue 34). The partner's lines play in the run's audio
 * element as in a rehearsal; here they leave it through Web Audio: one path into the take at the
 * reader level, one to the actor's ears (at full level with headphones declared; without, at the
 * reader level, with the microphone's echo cancellation on so the room's copy is not taped
 * twice). The microphone goes into the take as it is (no automatic gain, no noise suppression,
 * which would move the actor's level), and is measured for the reader level.
 */
export class TapeMixer {
  readonly ctx: AudioContext;
  private readonly toTape: GainNode;
  private readonly toRoom: GainNode;
  private readonly tape: MediaStreamAudioDestinationNode;
  private readonly analyser: AnalyserNode;
  private readonly window: Float32Array<ArrayBuffer>;
  private mic: MediaStreamAudioSourceNode | null = null;
  private meter = new SpeechMeter();
  private poll: ReturnType<typeof setInterval> | null = null;
  private readonly clipLevels = new Map<string, number | null>();
  private lastLevel = -Infinity;
  offsetDb: number;
  headphones: boolean;

  /** Must be made in a user gesture (the audio context starts there). */
  constructor(
    private readonly audio: HTMLAudioElement,
    options: { offsetDb: number; headphones: boolean },
  ) {
    this.offsetDb = options.offsetDb;
    this.headphones = options.headphones;
    this.ctx = new AudioContext();
    void this.ctx.resume();
    // An element is taken into one audio context for its life: the page makes one mixer.
    const partner = this.ctx.createMediaElementSource(audio);
    this.toTape = this.ctx.createGain();
    this.toRoom = this.ctx.createGain();
    this.tape = this.ctx.createMediaStreamDestination();
    partner.connect(this.toTape).connect(this.tape);
    partner.connect(this.toRoom).connect(this.ctx.destination);
    this.analyser = this.ctx.createAnalyser();
    this.analyser.fftSize = 1024;
    this.window = new Float32Array(this.analyser.fftSize);
    audio.addEventListener('playing', this.onPartner);
    this.applyGain();
  }

  /** The camera and microphone, asked for with the headphones choice (echo cancellation). */
  static openCamera(headphones: boolean): Promise<MediaStream> {
    return navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: { echoCancellation: !headphones, autoGainControl: false, noiseSuppression: false },
    });
  }

  /** Takes the microphone of `stream` into the take and the level meter. */
  useMicrophone(stream: MediaStream) {
    this.mic?.disconnect();
    this.mic = this.ctx.createMediaStreamSource(stream);
    this.mic.connect(this.tape);
    this.mic.connect(this.analyser);
    this.poll ??= setInterval(() => {
      this.analyser.getFloatTimeDomainData(this.window);
      this.lastLevel = this.meter.add(this.window);
    }, 40);
  }

  /** The actor's speech level so far (dBFS), null before they have spoken. */
  actorLevel(): number | null {
    return this.meter.level();
  }

  /** The microphone's level now (dBFS), for the meter. */
  inputLevel(): number {
    return this.lastLevel;
  }

  /** Measures a partner clip's speech level ahead of its turn (it is fetched ahead). */
  async measureClip(url: string, blob: Blob): Promise<void> {
    if (this.clipLevels.has(url)) return;
    this.clipLevels.set(url, null);
    try {
      const decoded = await this.ctx.decodeAudioData(await blob.arrayBuffer());
      this.clipLevels.set(url, speechLevelDb(decoded.getChannelData(0), decoded.sampleRate));
      // Measured after its line began (a busy machine decodes late): the rest of it is mixed right.
      if (url === (this.audio.currentSrc || this.audio.src)) this.applyGain();
    } catch {
      // A clip the browser cannot decode plays at unit gain.
    }
  }

  set(options: { offsetDb?: number; headphones?: boolean }) {
    if (options.offsetDb !== undefined) this.offsetDb = options.offsetDb;
    if (options.headphones !== undefined) this.headphones = options.headphones;
    this.applyGain();
  }

  /** The gain (dB) the partner's current line is mixed at. */
  partnerGainDb(): number {
    const clip = this.clipLevels.get(this.audio.currentSrc || this.audio.src) ?? null;
    return readerGainDb(this.actorLevel(), clip, this.offsetDb);
  }

  /** Each partner line starts at the level its clip and the actor's speech so far call for. */
  private readonly onPartner = () => this.applyGain();

  private applyGain() {
    const gain = fromDb(this.partnerGainDb());
    const now = this.ctx.currentTime;
    this.toTape.gain.setValueAtTime(gain, now);
    this.toRoom.gain.setValueAtTime(this.headphones ? 1 : gain, now);
  }

  /** Records the camera's video and the mix (see recordTake). */
  record(camera: MediaStream, format: TakeFormat, handlers: TakeHandlers): { stop(): void } {
    const stream = new MediaStream([
      ...camera.getVideoTracks(),
      ...this.tape.stream.getAudioTracks(),
    ]);
    return recordTake(stream, format, handlers);
  }

  close() {
    if (this.poll !== null) clearInterval(this.poll);
    this.poll = null;
    this.audio.removeEventListener('playing', this.onPartner);
    this.mic?.disconnect();
    void this.ctx.close().catch(() => undefined);
  }
}

export interface TakeHandlers {
  onDone(blob: Blob, durationMs: number): void;
  onTooLong(): void;
  onError(): void;
}

/**
 * Records `stream` until `stop()`; at `limitMs` it stops by itself and `onTooLong` is called
 * first. `onDone` gets the take and its length, once, however it stopped.
 */
export function recordTake(
  stream: MediaStream,
  format: TakeFormat,
  handlers: TakeHandlers,
  limitMs = MAX_TAKE_MS,
): { stop(): void } {
  const recorder = new MediaRecorder(stream, { mimeType: format.mimeType });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
  recorder.onerror = () => handlers.onError();
  // The take's length runs to the call to stop: the 'stop' event comes later by however long
  // the recorder takes to hand over its last data.
  let stoppedAt: number | null = null;
  const stop = () => {
    if (recorder.state === 'inactive') return;
    stoppedAt ??= performance.now();
    recorder.stop();
  };
  const limit = setTimeout(() => {
    if (recorder.state === 'inactive') return;
    handlers.onTooLong();
    // The handler may have stopped it already (the page's Stop).
    stop();
  }, limitMs);
  recorder.onstop = () => {
    clearTimeout(limit);
    const type = (recorder.mimeType || format.mimeType).split(';')[0]!;
    const ms = Math.round((stoppedAt ?? performance.now()) - startedAt);
    handlers.onDone(new Blob(chunks, { type }), ms);
  };
  // From the call: the recording starts there, and its 'start' event can come two seconds later.
  const startedAt = performance.now();
  recorder.start(1000);
  return { stop };
}
