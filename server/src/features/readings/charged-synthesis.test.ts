import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pronunciationMap } from '@doublecast/common/direction';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { SynthesizeOptions } from '../voices/synthesis.types';
import { chargedSynthesis, piecesOf } from './charged-synthesis';

/** One piece's audio, all of it at once. */
function shortRead() {
  const audio = new PassThrough();
  audio.end(Buffer.alloc(100));
  return {
    voice: { id: 'v1', name: 'V', gender: null, accent: null, age: null },
    audio,
    cached: false,
    done: Promise.resolve({ bytes: 100 }),
  };
}

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

describe('a respelled reading', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Reads `options` with an engine that records what it is asked to say. */
  const read = async (options: {
    text: string;
    unit: 'sentences' | 'whole';
    spoken?: string;
    words: Record<string, string>;
  }) => {
    const user = await createUser(t, { tier: 'paid' });
    const asked: SynthesizeOptions[] = [];
    const reading = await chargedSynthesis(
      {
        ...t.ctx,
        synthesis: {
          synthesize: async (request) => {
            asked.push(request);
            return shortRead();
          },
        },
      },
      {
        userId: user.id,
        text: options.text,
        ...(options.spoken === undefined ? {} : { spoken: options.spoken }),
        pronunciations: pronunciationMap(
          Object.entries(options.words).map(([word, respelling]) => ({
            word,
            respelling,
            scriptId: null,
          })),
        ),
        voiceId: 'v1',
        settings: DEFAULT_SYNTHESIS_SETTINGS,
        action: 'generation',
        ledgerKey: `test:${user.id}`,
        unit: options.unit,
        requestId: 'r1',
        signal: new AbortController().signal,
      },
    );
    reading.audio.resume();
    const outcome = await reading.outcome;
    return { outcome, asked };
  };

  it('gives the engine each piece as said, respelled once here, and charges what is said', async () => {
    const { outcome, asked } = await read({
      text: 'Siobhan left. Al stayed.',
      unit: 'sentences',
      words: { Siobhan: 'shiv-AWN', Al: 'al al' },
    });
    expect(asked.map((r) => r.text)).toEqual(['shiv-awn left.', 'al al stayed.']);
    // Nothing left for the engine's side to respell.
    expect(asked.every((r) => !('pronunciations' in r))).toBe(true);
    expect(outcome).toMatchObject({
      complete: true,
      charged: 'shiv-awn left. al al stayed.'.length,
    });
  });

  it('takes a rehearsal line as its caller respelled it, without respelling it again', async () => {
    // "al al" holds the listed word: respelled twice it would be "al al al al".
    const { outcome, asked } = await read({
      text: 'Al.',
      unit: 'whole',
      spoken: 'al al.',
      words: { Al: 'al al' },
    });
    expect(asked.map((r) => r.text)).toEqual(['al al.']);
    expect(outcome).toMatchObject({ complete: true, charged: 'al al.'.length });
  });
});

describe('a take cut short', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Reads three sentences; the engine fails on the second, after the first was sent. */
  const cutShort = async (wholeOnceSent: boolean) => {
    const user = await createUser(t, { tier: 'paid' });
    let calls = 0;
    const reading = await chargedSynthesis(
      {
        ...t.ctx,
        synthesis: {
          synthesize: async () => {
            if (calls++ > 0) throw new Error('engine down');
            return shortRead();
          },
        },
      },
      {
        userId: user.id,
        text: 'One here. Two here. Three here.',
        voiceId: 'v1',
        settings: DEFAULT_SYNTHESIS_SETTINGS,
        action: 'generation',
        ledgerKey: `test:cut:${user.id}`,
        unit: 'sentences',
        ...(wholeOnceSent ? { wholeOnceSent } : {}),
        requestId: 'r1',
        signal: new AbortController().signal,
      },
    );
    reading.audio.on('data', () => undefined);
    return reading.outcome;
  };

  it('is charged whole once any of it was sent, as it is heard again for nothing', async () => {
    expect(await cutShort(false)).toMatchObject({ complete: false, charged: 'One here.'.length });
    expect(await cutShort(true)).toMatchObject({
      complete: false,
      charged: 'One here. Two here. Three here.'.length,
    });
  });
});
