import { describe, expect, it } from 'vitest';
import {
  applyPronunciations,
  deliveryKey,
  deliverySchema,
  DIRECTIONS,
  isPlainDelivery,
  MAX_RESPELLING_CHARS,
  PLAIN_DELIVERY,
  pronunciationInputSchema,
  pronunciationMap,
  prosodyOf,
  readDirections,
} from './direction';

describe('readDirections', () => {
  it('reads parentheticals and notes as actors write them', () => {
    expect(readDirections('(whispering)').directions).toEqual(['quietly']);
    expect(readDirections('(angrily, fast)').directions).toEqual(['angrily', 'fast']);
    expect(readDirections('(beat)', 'shouts then slowly').directions).toEqual([
      'loudly',
      'slow',
      'beat',
    ]);
    expect(readDirections('Sad and quiet').directions).toEqual(['quietly', 'sadly']);
  });

  it('keeps the last of two opposites', () => {
    expect(readDirections('(whispering)', 'shouting').directions).toEqual(['loudly']);
    expect(readDirections('fast', 'no, slowly').directions).toEqual(['slow']);
    expect(readDirections('(pause) (beat)').directions).toEqual(['beat']);
  });

  it('ignores what names no direction and says so, bounded', () => {
    const read = readDirections('(to Maya) (O.S.) quietly');
    expect(read.directions).toEqual(['quietly']);
    expect(read.unknown).toEqual(['to Maya', 'O.S.']);
    const many = readDirections(
      Array.from({ length: 50 }, (_, i) => `(x${i}${'y'.repeat(99)})`).join(''),
    );
    expect(many.directions).toEqual([]);
    expect(many.unknown).toHaveLength(5);
    expect(many.unknown.every((u) => u.length <= 40)).toBe(true);
  });

  it('knows only its own words, whatever an object would inherit', () => {
    expect(readDirections('constructor __proto__ toString')).toEqual({
      directions: [],
      unknown: ['constructor __proto__ toString'],
    });
    expect(readDirections('(Whispering.)').directions).toEqual(['quietly']);
  });

  it('reads nothing from nothing', () => {
    expect(readDirections(null, undefined, '', '  ')).toEqual({ directions: [], unknown: [] });
  });

  it('reads a pathological note to its bounded answer (its speed is in bench/script-parsing)', () => {
    const huge =
      '('.repeat(50_000) +
      'a '.repeat(50_000) +
      ' '.repeat(50_000) +
      ' and'.repeat(20_000) +
      ' (whispering)';
    const read = readDirections(huge);
    expect(read.directions).toEqual(['quietly']);
    expect(read.unknown.length).toBeLessThanOrEqual(10);
  });
});

describe('delivery', () => {
  it('keys the plain first read as it always was, every other read apart', () => {
    expect(isPlainDelivery(undefined)).toBe(true);
    expect(isPlainDelivery(PLAIN_DELIVERY)).toBe(true);
    expect(deliveryKey(PLAIN_DELIVERY)).toBe('');
    const keys = new Set([
      deliveryKey({ directions: ['quietly'], take: 1 }),
      deliveryKey({ directions: ['quietly'], take: 2 }),
      deliveryKey({ directions: [], take: 2 }),
      deliveryKey({ directions: ['quietly', 'fast'], take: 1 }),
    ]);
    expect(keys.size).toBe(4);
  });

  it('accepts known directions in one order and bounded takes', () => {
    expect(deliverySchema.parse({ directions: ['fast', 'quietly'], take: 2 })).toEqual({
      directions: ['quietly', 'fast'],
      take: 2,
    });
    expect(deliverySchema.safeParse({ directions: ['mumbling'], take: 1 }).success).toBe(false);
    expect(deliverySchema.safeParse({ directions: [], take: 0 }).success).toBe(false);
    expect(deliverySchema.safeParse({ directions: [], take: 11 }).success).toBe(false);
  });

  it('shapes rate, pitch and level within bounds', () => {
    expect(prosodyOf(undefined)).toEqual({
      rate: 1,
      pitchSemitones: 0,
      levelDb: 0,
      pauseBeforeMs: 0,
    });
    expect(prosodyOf({ directions: ['quietly'], take: 1 }).levelDb).toBeLessThanOrEqual(-6);
    expect(prosodyOf({ directions: ['fast'], take: 1 }).rate).toBeGreaterThanOrEqual(1.25);
    expect(prosodyOf({ directions: ['slow'], take: 1 }).rate).toBeLessThan(1);
    expect(prosodyOf({ directions: ['pause'], take: 1 }).pauseBeforeMs).toBe(2000);
    const all = prosodyOf({ directions: DIRECTIONS, take: 7 });
    expect(all.rate).toBeGreaterThanOrEqual(0.6);
    expect(all.rate).toBeLessThanOrEqual(1.6);
    expect(Math.abs(all.pitchSemitones)).toBeLessThanOrEqual(4);
  });

  it('makes each take a little different, and the same take the same', () => {
    const takes = [1, 2, 3, 4, 5].map((take) => prosodyOf({ directions: [], take }));
    expect(new Set(takes.map((p) => `${p.rate}/${p.pitchSemitones}`)).size).toBe(5);
    expect(prosodyOf({ directions: [], take: 3 })).toEqual(takes[2]);
  });
});

describe('pronunciations', () => {
  it('accepts a word and a plain respelling, tidied', () => {
    expect(
      pronunciationInputSchema.parse({ word: ' Siobhan ', respelling: 'shiv -  AWN' }),
    ).toEqual({
      word: 'Siobhan',
      respelling: 'shiv - AWN',
    });
    expect(pronunciationInputSchema.parse({ word: "O'Brien", respelling: 'oh BRY-en' }).word).toBe(
      "O'Brien",
    );
  });

  it.each([
    [{ word: 'two words', respelling: 'x' }],
    [{ word: '', respelling: 'x' }],
    [{ word: 'a'.repeat(41), respelling: 'x' }],
    [{ word: 'Siobhan', respelling: '<break time="9s"/>' }],
    [{ word: 'Siobhan', respelling: '[shouts]' }],
    [{ word: 'Siobhan', respelling: '---' }],
    [{ word: 'Siobhan', respelling: 'a'.repeat(MAX_RESPELLING_CHARS + 1) }],
  ])('refuses %j', (input) => {
    expect(pronunciationInputSchema.safeParse(input).success).toBe(false);
  });

  it('replaces whole words in any case, possessives too, a script entry over the user’s own', () => {
    const map = pronunciationMap([
      { word: 'Siobhan', respelling: 'shiv-AWN', scriptId: null },
      { word: 'Niamh', respelling: 'neev', scriptId: null },
      { word: 'niamh', respelling: 'NEEV', scriptId: 's1' },
    ]);
    expect(applyPronunciations("SIOBHAN, Siobhan's coat. Niamh? Siobhanna.", map)).toBe(
      "shiv-awn, shiv-awn's coat. neev? Siobhanna.",
    );
    expect(applyPronunciations('Nothing here.', new Map())).toBe('Nothing here.');
  });

  it('matches a word whatever way its accents are composed', () => {
    const composed = 'Siobh\u00e1n';
    const decomposed = 'Siobha\u0301n';
    for (const [listed, written] of [
      [composed, decomposed],
      [decomposed, composed],
    ])
      expect(
        applyPronunciations(
          `${written} left. ${written}'s coat.`,
          pronunciationMap([{ word: listed!, respelling: 'shiv-AWN', scriptId: null }]),
        ),
      ).toBe(`shiv-awn left. shiv-awn's coat.`);
  });
});
