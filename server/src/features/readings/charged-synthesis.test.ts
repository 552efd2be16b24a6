import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chargedSynthesis, piecesOf } from './charged-synthesis';

describe('the pieces a reading is charged in', () => {
  it.each([
    ['One. Two! Three?', ['One.', 'Two!', 'Three?']],
    ['He said "Stop." Then left.', ['He said "Stop."', 'Then left.']],
    ['Line one\nLine two', ['Line one', 'Line two']],
    ['3.5 million. Yes.', ['3.5 million.', 'Yes.']],
    ['Wait... ... Go.', ['Wait... ...', 'Go.']],
    ['  Padded.  ', ['Padded.']],
    ['...', ['...']],
  ])('%j', (text, expected) => {
    expect(piecesOf(text, 'sentences').map((p) => p.text)).toEqual(expected);
  });

  it('ends each piece where it ends in the trimmed text, so a charge is a prefix of it', () => {
    const text = '  First one.   Second one.\n\nThird.  ';
    const pieces = piecesOf(text, 'sentences');
    expect(pieces.map((p) => text.trim().slice(0, p.end))).toEqual([
      'First one.',
      'First one.   Second one.',
      'First one.   Second one.\n\nThird.',
    ]);
  });

  it('cuts a sentence longer than 300 characters at spaces, and a long token at 300', () => {
    const words = 'word '.repeat(200).trim();
    const pieces = piecesOf(words, 'sentences');
    expect(pieces.every((p) => p.text.length <= 300)).toBe(true);
    expect(pieces.map((p) => p.text).join(' ')).toBe(words);
    const token = 'a'.repeat(700);
    expect(piecesOf(token, 'sentences').map((p) => p.text.length)).toEqual([300, 300, 100]);
  });

  it('keeps a rehearsal line whole', () => {
    expect(piecesOf(' I know. The train stopped. ', 'whole')).toEqual([
      { text: 'I know. The train stopped.', end: 26 },
    ]);
  });
});

describe('a reading whose caller leaves between two chunks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends without an unhandled rejection (which would stop the server process)', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const controller = new AbortController();
      const reading = await chargedSynthesis(
        {
          ...t.ctx,
          // A voice that has sent its first chunk and is still making the next one.
          synthesis: {
            synthesize: async () => {
              const audio = new PassThrough();
              audio.write(Buffer.alloc(400));
              return {
                voice: { id: 'v1', name: 'V', gender: null, accent: null, age: null },
                audio,
                cached: false,
                done: new Promise<never>(() => undefined),
              };
            },
          },
        },
        {
          userId: 'nobody',
          text: 'One line.',
          voiceId: 'v1',
          settings: DEFAULT_SYNTHESIS_SETTINGS,
          action: 'rehearsal',
          ledgerKey: 'test:leaves',
          unit: 'whole',
          prepaid: true,
          // The caller goes away while the first chunk is being handed on.
          onChunk: () => controller.abort(),
          requestId: 'r1',
          signal: controller.signal,
        },
      );
      reading.audio.resume();
      expect(await reading.outcome).toMatchObject({ complete: false, charged: 0 });
      // A rejection nobody handles is reported after the turn it happened in.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
