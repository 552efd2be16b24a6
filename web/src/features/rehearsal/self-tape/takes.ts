/** A self-tape's takes (issue 34): names, formats, trim points and the storage they use. */

/** A take stops by itself at 15 minutes. */
export const MAX_TAKE_MS = 15 * 60 * 1000;
export const TAKE_TOO_LONG =
  'The take stopped at 15 minutes, the longest a take can be. It has been kept.';
export const NO_RECORDER =
  'This browser cannot record video (it has no MediaRecorder). Try a current Chrome, Edge, Firefox or Safari.';
export const CAMERA_DENIED =
  'Doublecast could not use your camera and microphone: permission was refused. Allow them for this site in the browser (the camera icon in the address bar), then try again.';
export const CAMERA_MISSING = 'No camera or microphone was found. Connect one, then try again.';
export const CAMERA_BUSY =
  'Your camera or microphone is in use by another app or could not start. Close the other app, then try again.';

/** The error getUserMedia gave, as the message the actor sees. */
export function cameraMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MISSING;
  return CAMERA_BUSY;
}

/** What MediaRecorder is asked for: WebM first, else MP4 where the browser records H.264/AAC. */
const FORMATS = [
  { mimeType: 'video/webm;codecs=vp9,opus', ext: 'webm' },
  { mimeType: 'video/webm;codecs=vp8,opus', ext: 'webm' },
  { mimeType: 'video/webm', ext: 'webm' },
  { mimeType: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2', ext: 'mp4' },
  { mimeType: 'video/mp4', ext: 'mp4' },
] as const;

export type TakeFormat = { mimeType: string; ext: 'webm' | 'mp4' };

export function recordingFormat(isTypeSupported: (type: string) => boolean): TakeFormat | null {
  return FORMATS.find((f) => isTypeSupported(f.mimeType)) ?? null;
}

/** The file extension of a recorded blob's type. */
export const extensionOf = (mimeType: string): 'webm' | 'mp4' =>
  mimeType.startsWith('video/mp4') ? 'mp4' : 'webm';

/** A name part safe in every file system: letters, digits, `-`; spaces become `-`. */
function filePart(text: string, fallback: string): string {
  const part = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return part || fallback;
}

/** `{role}_{script}_take{N}.{ext}` */
export function takeFileName(role: string, script: string, n: number, ext: string): string {
  return `${filePart(role, 'role')}_${filePart(script, 'script')}_take${n}.${ext}`;
}

export interface Trim {
  /** Seconds from the start of the take. */
  start: number;
  /** Seconds from the start of the take, after `start`. */
  end: number;
}

/** Trims shorter than this are refused: a take needs something in it. */
export const MIN_TRIMMED_S = 0.5;

/**
 * Trim points within a take of `duration` seconds, to a tenth of a second: the start within
 * [0, duration - MIN_TRIMMED_S], the end at least MIN_TRIMMED_S after it and at most the end.
 */
export function clampTrim(start: number, end: number, duration: number): Trim {
  const tenth = (x: number) => Math.round(x * 10) / 10;
  const d = Math.max(0, duration);
  const s = tenth(
    Math.min(Math.max(0, Number.isFinite(start) ? start : 0), Math.max(0, d - MIN_TRIMMED_S)),
  );
  const e = tenth(
    Math.max(Math.min(Number.isFinite(end) ? end : d, d), Math.min(d, s + MIN_TRIMMED_S)),
  );
  return { start: s, end: e };
}

/** Whether trim points cut anything off a take of `duration` seconds. */
export const isTrimmed = (trim: Trim, duration: number) =>
  trim.start > 0 || trim.end < Math.round(duration * 10) / 10;

/** The browser's storage is near its quota from this share on. */
export const NEAR_QUOTA = 0.8;

const size = (bytes: number) =>
  bytes >= 1e9
    ? `${(bytes / 1e9).toFixed(1)} GB`
    : bytes >= 1e6
      ? `${Math.round(bytes / 1e6)} MB`
      : `${Math.round(bytes / 1e3)} KB`;

/**
 * What the page says about storage from navigator.storage.estimate(): the space in use, and
 * whether it is near the quota (with what to do).
 */
export function storageMessage(
  usage: number | undefined,
  quota: number | undefined,
): { text: string; nearQuota: boolean } | null {
  if (usage === undefined || !quota) return null;
  const nearQuota = usage / quota >= NEAR_QUOTA;
  const text = `Takes and rehearsal data use ${size(usage)} of the ${size(quota)} this browser allows this site.`;
  return nearQuota
    ? {
        text: `${text} Storage is nearly full: download the takes you want to keep, then delete them, or a new take may not be saved.`,
        nearQuota,
      }
    : { text, nearQuota };
}

/** Minutes and seconds, `m:ss`. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
