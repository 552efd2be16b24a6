import { describe, expect, it } from 'vitest';
import {
  CAMERA_BUSY,
  CAMERA_DENIED,
  CAMERA_MISSING,
  cameraMessage,
  clampTrim,
  clock,
  extensionOf,
  isTrimmed,
  recordingFormat,
  storageMessage,
  takeFileName,
} from './takes';

describe('take file names', () => {
  it('are {role}_{script}_take{N}.{ext}', () => {
    expect(takeFileName('ANNA', 'The Lock', 1, 'webm')).toBe('ANNA_The-Lock_take1.webm');
    expect(takeFileName('Mrs. O’Neil', 'Act 2: Scène 3', 12, 'mp4')).toBe(
      'Mrs-O-Neil_Act-2-Scene-3_take12.mp4',
    );
  });

  it('never carry a path or an empty part', () => {
    expect(takeFileName('../..', '/etc/passwd', 2, 'webm')).toBe('role_etc-passwd_take2.webm');
    expect(takeFileName('', '', 3, 'webm')).toBe('role_script_take3.webm');
    expect(takeFileName('A'.repeat(200), 'x', 1, 'webm')).toHaveLength(60 + '_x_take1.webm'.length);
  });
});

describe('recording format', () => {
  it('prefers WebM and falls back to MP4 (H.264/AAC) where that is all the browser records', () => {
    expect(recordingFormat(() => true)?.ext).toBe('webm');
    expect(recordingFormat((t) => t.startsWith('video/mp4'))).toEqual({
      mimeType: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2',
      ext: 'mp4',
    });
    expect(recordingFormat(() => false)).toBeNull();
    expect(extensionOf('video/mp4')).toBe('mp4');
    expect(extensionOf('video/webm')).toBe('webm');
  });
});

describe('trim bounds', () => {
  it('keep the start and end inside the take, the end at least half a second after the start', () => {
    expect(clampTrim(1.23, 8.77, 10)).toEqual({ start: 1.2, end: 8.8 });
    expect(clampTrim(-3, 99, 10)).toEqual({ start: 0, end: 10 });
    expect(clampTrim(9.9, 12, 10)).toEqual({ start: 9.5, end: 10 });
    expect(clampTrim(4, 4, 10)).toEqual({ start: 4, end: 4.5 });
    expect(clampTrim(Number.NaN, Number.NaN, 10)).toEqual({ start: 0, end: 10 });
  });

  it('a trim at the take’s own ends cuts nothing', () => {
    expect(isTrimmed({ start: 0, end: 10 }, 10.04)).toBe(false);
    expect(isTrimmed({ start: 0.5, end: 10 }, 10)).toBe(true);
    expect(isTrimmed({ start: 0, end: 9 }, 10)).toBe(true);
  });
});

describe('storage message', () => {
  it('says what is in use, and near the quota says what to do', () => {
    expect(storageMessage(12e6, 2e9)).toEqual({
      text: 'Takes and rehearsal data use 12 MB of the 2.0 GB this browser allows this site.',
      nearQuota: false,
    });
    const near = storageMessage(850e6, 1e9)!;
    expect(near.nearQuota).toBe(true);
    expect(near.text).toContain('Storage is nearly full: download the takes you want to keep');
    expect(storageMessage(800e6, 1e9)!.nearQuota).toBe(true);
    expect(storageMessage(799e6, 1e9)!.nearQuota).toBe(false);
  });

  it('says nothing where the browser gives no estimate', () => {
    expect(storageMessage(undefined, undefined)).toBeNull();
    expect(storageMessage(5, 0)).toBeNull();
  });
});

describe('camera errors', () => {
  it('tell denied, missing and busy apart', () => {
    expect(cameraMessage({ name: 'NotAllowedError' })).toBe(CAMERA_DENIED);
    expect(cameraMessage({ name: 'NotFoundError' })).toBe(CAMERA_MISSING);
    expect(cameraMessage({ name: 'NotReadableError' })).toBe(CAMERA_BUSY);
    expect(cameraMessage(null)).toBe(CAMERA_BUSY);
  });
});

it('clock is m:ss', () => {
  expect(clock(0)).toBe('0:00');
  expect(clock(75.9)).toBe('1:15');
  expect(clock(900)).toBe('15:00');
});
