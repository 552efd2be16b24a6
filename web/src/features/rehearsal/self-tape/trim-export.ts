import type { Trim } from './takes';

const once = (el: EventTarget, type: string) =>
  new Promise<void>((resolve, reject) => {
    const ok = () => {
      el.removeEventListener('error', bad);
      resolve();
    };
    const bad = () => {
      el.removeEventListener(type, ok);
      reject(new Error('The take could not be read.'));
    };
    el.addEventListener(type, ok, { once: true });
    el.addEventListener('error', bad, { once: true });
  });

/**
 * A trimmed copy of a take, made by playing the kept span once in a hidden video and recording
 * it again (the browser has no encoder to call directly): it takes as long as the span lasts,
 * silently, and is encoded a second time. `onProgress` gets the share done, 0 to 1. Aborting
 * stops it and rejects. A copy that comes out without the span (the browser ended the playback
 * or the recording at once, which a take recorded without an index can make it do) is made once
 * more; a second such copy rejects.
 */
export async function trimTake(
  blob: Blob,
  trim: Trim,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  try {
    return await copySpan(blob, trim, onProgress, signal);
  } catch (e) {
    if (!(e instanceof IncompleteCopy) || signal.aborted) throw e;
    onProgress(0);
    return copySpan(blob, trim, onProgress, signal);
  }
}

class IncompleteCopy extends Error {}

async function copySpan(
  blob: Blob,
  trim: Trim,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const url = URL.createObjectURL(blob);
  const video = document.createElement('video');
  video.muted = false;
  video.playsInline = true;
  video.preload = 'auto';
  const ctx = new AudioContext();
  try {
    video.src = url;
    await once(video, 'loadedmetadata');
    video.currentTime = trim.start;
    await once(video, 'seeked');
    // Through Web Audio only: the copy is made without playing aloud.
    const tape = ctx.createMediaStreamDestination();
    ctx.createMediaElementSource(video).connect(tape);
    await ctx.resume();
    const picture = (video as HTMLVideoElement & { captureStream(): MediaStream }).captureStream();
    const recorder = new MediaRecorder(
      new MediaStream([...picture.getVideoTracks(), ...tape.stream.getAudioTracks()]),
      { mimeType: blob.type },
    );
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    let failed = false;
    recorder.onerror = () => (failed = true);
    const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    const length = Math.max(0.1, trim.end - trim.start);
    const finish = () => {
      video.pause();
      if (recorder.state !== 'inactive') recorder.stop();
    };
    video.ontimeupdate = () => {
      onProgress(Math.min(1, (video.currentTime - trim.start) / length));
      if (video.currentTime >= trim.end) finish();
    };
    video.onended = finish;
    signal.addEventListener('abort', finish);
    recorder.start(500);
    await video.play();
    await stopped;
    if (signal.aborted) throw new DOMException('Trimming was stopped.', 'AbortError');
    // Played to within a frame or two of the span's end (or the take's), with something recorded.
    const reachable = Math.min(
      trim.end,
      Number.isFinite(video.duration) ? video.duration : trim.end,
    );
    if (failed || chunks.length === 0 || video.currentTime < reachable - 0.1)
      throw new IncompleteCopy(
        `The copy stopped at ${video.currentTime.toFixed(2)} s of ${trim.start}-${trim.end} s`,
      );
    onProgress(1);
    return new Blob(chunks, { type: blob.type });
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
    void ctx.close().catch(() => undefined);
  }
}
