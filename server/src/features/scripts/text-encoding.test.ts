import { describe, expect, it } from 'vitest';
import { decodeText } from './text-encoding';

const play = 'HÉLÈNE\nÇa suffit, François. Où êtes-vous ? « Déjà » — 5 €.\n';

describe('decoding an uploaded text file', () => {
  it('reads UTF-8, with or without its mark', () => {
    for (const bytes of [
      Buffer.from(play, 'utf8'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(play, 'utf8')]),
    ])
      expect(decodeText(bytes)).toEqual({ text: play, encoding: 'utf-8' });
  });

  it('reads UTF-16 with its mark, either byte order', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(play, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(le)).toEqual({ text: play, encoding: 'utf-16le' });
    expect(decodeText(be)).toEqual({ text: play, encoding: 'utf-16be' });
  });

  it('reads Windows-1252 and Latin-1 plays', () => {
    // Latin-1 bytes, and Windows-1252's own (the euro sign and curly quotes at 0x80-0x9F).
    const latin1 = Buffer.from('HÉLÈNE\nÇa suffit, François.\n', 'latin1');
    expect(decodeText(latin1)).toEqual({
      text: 'HÉLÈNE\nÇa suffit, François.\n',
      encoding: 'windows-1252',
    });
    const cp1252 = Buffer.from([0x93, 0x35, 0x20, 0x80, 0x94, 0x0a]);
    expect(decodeText(cp1252)?.text).toBe('\u201c5 \u20ac\u201d\n');
  });

  it('refuses binary files and UTF-16 without its mark', () => {
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(decodeText(Buffer.from('ANNA\nHi.\n', 'utf16le'))).toBeNull();
    expect(decodeText(Buffer.from([0x41, 0x00, 0x42]))).toBeNull();
    expect(decodeText(Buffer.from([0x41, 0x81, 0x42]))).toBeNull();
  });
});
