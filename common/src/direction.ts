import { z } from 'zod';

/**
 * How a line is said (issue 35, docs/decisions/320): a small vocabulary of directions read from a
 * script's parentheticals and from a note the user types on a line, and which take of the line it
 * is. Every engine maps what it can of it (docs/decisions/321); the rest is ignored and the line's
 * menu says so.
 */
export const DIRECTIONS = [
  'quietly',
  'loudly',
  'angrily',
  'sadly',
  'happily',
  'nervously',
  'sarcastically',
  'fast',
  'slow',
  'beat',
  'pause',
] as const;
export type DirectionName = (typeof DIRECTIONS)[number];

/** How the line's menu names each direction. */
export const DIRECTION_LABELS: Record<DirectionName, string> = {
  quietly: 'Quietly (whispering)',
  loudly: 'Loudly (shouting)',
  angrily: 'Angrily',
  sadly: 'Sadly',
  happily: 'Happily',
  nervously: 'Nervously',
  sarcastically: 'Sarcastically',
  fast: 'Fast',
  slow: 'Slow',
  beat: 'A beat before',
  pause: 'A pause before',
};

/** Words that name a direction, as actors write them in parentheticals and notes. */
const WORDS = new Map<string, DirectionName>();
const say = (name: DirectionName, ...words: string[]) => {
  for (const w of [name, ...words]) WORDS.set(w, name);
};
say(
  'quietly',
  'quiet',
  'softly',
  'soft',
  'whisper',
  'whispers',
  'whispered',
  'whispering',
  'hushed',
);
say('loudly', 'loud', 'shout', 'shouts', 'shouted', 'shouting', 'yell', 'yells', 'yelling');
say('angrily', 'angry', 'furious', 'furiously', 'enraged');
say('sadly', 'sad', 'tearful', 'tearfully', 'mournfully', 'sorrowfully');
say('happily', 'happy', 'cheerful', 'cheerfully', 'joyful', 'joyfully', 'brightly');
say('nervously', 'nervous', 'anxious', 'anxiously', 'hesitant', 'hesitantly');
say('sarcastically', 'sarcastic', 'sardonic', 'sardonically', 'wryly');
say('fast', 'quick', 'quickly', 'rapidly', 'rushed', 'hurried', 'hurriedly', 'faster');
say('slow', 'slowly', 'slower', 'deliberately');
say('beat');
say('pause', 'pauses', 'pausing');

/** Directions that cancel each other: the one written last wins. */
const OPPOSITE: Partial<Record<DirectionName, DirectionName>> = {
  quietly: 'loudly',
  loudly: 'quietly',
  fast: 'slow',
  slow: 'fast',
  beat: 'pause',
  pause: 'beat',
};

/** A note the user types on a line: plain text, at most this long. */
export const MAX_LINE_NOTE_CHARS = 200;
/** Takes of one line: the first read and up to this many more. */
export const MAX_TAKES = 9;
/** A note on a line or a reading: what the rehearsal line and the Studio accept. */
export const lineNoteSchema = z
  .string()
  .max(MAX_LINE_NOTE_CHARS, `A note can be at most ${MAX_LINE_NOTE_CHARS} characters.`);
/** Which read: 1 the first; another take is a different read, charged once. */
export const takeSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_TAKES + 1);

/** Directions shown as ignored in the menu, each cut to this length. */
const MAX_UNKNOWN_SHOWN = 5;
const MAX_UNKNOWN_CHARS = 40;

export interface ReadDirections {
  /** Known directions, in DIRECTIONS order; of two opposites, the one written last. */
  directions: DirectionName[];
  /** Parts that named no direction ("to Maya", "O.S."): ignored, and said so in the menu. */
  unknown: string[];
}

/**
 * The directions in parentheticals and notes: "(whispering) [beat]", "angrily, fast". Each
 * bracketed or comma-separated part is one direction or none; a part with no known word is
 * ignored and kept in `unknown` for the menu. One pass over the characters, allocating only for
 * words: a script's worth of brackets or slashes costs no more than its length.
 */
export function readDirections(...texts: (string | null | undefined)[]): ReadDirections {
  const seen = new Map<DirectionName, number>();
  const unknown: string[] = [];
  let order = 0;
  const readPart = (words: string[]) => {
    if (words.length === 0) return;
    let found = false;
    for (const word of words) {
      for (const letters of asciiLetterRuns(word)) {
        const name = WORDS.get(letters);
        if (!name) continue;
        found = true;
        const opposite = OPPOSITE[name];
        if (opposite) seen.delete(opposite);
        seen.set(name, order++);
      }
    }
    if (!found && unknown.length < MAX_UNKNOWN_SHOWN) unknown.push(joinedStart(words));
  };
  for (const text of texts) {
    if (!text) continue;
    // Brackets and punctuation end a part; so do the words "and" and "then" inside one.
    let words: string[] = [];
    let start = -1;
    const endWord = (end: number) => {
      if (start < 0) return;
      const word = text.slice(start, end);
      start = -1;
      if (/^(?:and|then)$/i.test(word)) {
        readPart(words);
        words = [];
      } else words.push(word);
    };
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (PART_BREAKS.has(c)) {
        endWord(i);
        readPart(words);
        words = [];
      } else if (isSpace(c)) endWord(i);
      else if (start < 0) start = i;
    }
    endWord(text.length);
    readPart(words);
  }
  return { directions: DIRECTIONS.filter((d) => seen.has(d)), unknown };
}

const PART_BREAKS = new Set([...'()[]{},;/\n'].map((ch) => ch.charCodeAt(0)));

/** What `\s` matches. */
function isSpace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The runs of ASCII letters in a word, lower-cased: "Quietly!" -> ["quietly"]. */
function* asciiLetterRuns(word: string): Generator<string> {
  let start = -1;
  for (let i = 0; i <= word.length; i++) {
    const c = i < word.length ? word.charCodeAt(i) | 32 : 0;
    if (c >= 97 && c <= 122) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      yield word.slice(start, i).toLowerCase();
      start = -1;
    }
  }
}

/** The words joined by spaces, cut to MAX_UNKNOWN_CHARS, without joining all of a long part. */
function joinedStart(words: string[]): string {
  let text = '';
  for (const word of words) {
    text += (text ? ' ' : '') + word;
    if (text.length >= MAX_UNKNOWN_CHARS) break;
  }
  return text.slice(0, MAX_UNKNOWN_CHARS);
}

/** What a voice's engine acts on (GET /api/voices/:id/directions), in DIRECTIONS order. */
export const voiceDirectionsSchema = z.object({ directions: z.array(z.enum(DIRECTIONS)) });
export type VoiceDirections = z.infer<typeof voiceDirectionsSchema>;

/** How one read of a line is made: its directions and its take (1 is the first read). */
export interface Delivery {
  directions: readonly DirectionName[];
  take: number;
}

export const PLAIN_DELIVERY: Delivery = { directions: [], take: 1 };

export const deliverySchema = z.object({
  directions: z
    .array(z.enum(DIRECTIONS))
    .max(DIRECTIONS.length)
    .transform((list) => DIRECTIONS.filter((d) => list.includes(d))),
  take: takeSchema,
});

export function isPlainDelivery(delivery: Delivery | undefined): boolean {
  return !delivery || (delivery.directions.length === 0 && delivery.take === 1);
}

/**
 * A delivery as part of a cache or charge key: empty for the plain first read, so every key made
 * before directions existed still names the same audio and the same charge.
 */
export function deliveryKey(delivery: Delivery | undefined): string {
  if (isPlainDelivery(delivery)) return '';
  return `${delivery!.directions.join('+')}#${delivery!.take}`;
}

/**
 * What a delivery asks of an engine that shapes speech by rate, pitch and level: a rate factor
 * (1 is as written), pitch in semitones, level in dB against the levelled speech, and silence
 * before the line. A take after the first is a small change of rate and pitch, different for each
 * take and the same every time for one take (its audio is cached and charged once).
 */
export interface Prosody {
  rate: number;
  pitchSemitones: number;
  levelDb: number;
  pauseBeforeMs: number;
}

const PROSODY: Record<DirectionName, Partial<Prosody>> = {
  quietly: { levelDb: -12, rate: 0.95, pitchSemitones: -1 },
  loudly: { levelDb: 5, rate: 1.04, pitchSemitones: 2 },
  angrily: { levelDb: 3, rate: 1.1, pitchSemitones: 1 },
  sadly: { levelDb: -3, rate: 0.85, pitchSemitones: -2 },
  happily: { levelDb: 1, rate: 1.06, pitchSemitones: 2 },
  nervously: { levelDb: -1, rate: 1.15, pitchSemitones: 1 },
  sarcastically: { rate: 0.9, pitchSemitones: 1.5 },
  fast: { rate: 1.4 },
  slow: { rate: 0.75 },
  beat: { pauseBeforeMs: 1000 },
  pause: { pauseBeforeMs: 2000 },
};

/** Small changes that make a take sound unlike the takes before it. */
const TAKE_VARIATIONS: readonly { rate: number; pitchSemitones: number }[] = [
  { rate: 1, pitchSemitones: 0 },
  { rate: 0.95, pitchSemitones: 0.7 },
  { rate: 1.05, pitchSemitones: -0.7 },
  { rate: 0.92, pitchSemitones: -0.4 },
  { rate: 1.08, pitchSemitones: 0.4 },
  { rate: 0.97, pitchSemitones: 1 },
  { rate: 1.03, pitchSemitones: -1 },
  { rate: 0.94, pitchSemitones: 0.2 },
  { rate: 1.06, pitchSemitones: -0.2 },
  { rate: 0.98, pitchSemitones: -0.8 },
];

export function prosodyOf(delivery: Delivery | undefined): Prosody {
  const out: Prosody = { rate: 1, pitchSemitones: 0, levelDb: 0, pauseBeforeMs: 0 };
  if (!delivery) return out;
  for (const name of delivery.directions) {
    const p = PROSODY[name];
    out.rate *= p.rate ?? 1;
    out.pitchSemitones += p.pitchSemitones ?? 0;
    out.levelDb += p.levelDb ?? 0;
    out.pauseBeforeMs = Math.max(out.pauseBeforeMs, p.pauseBeforeMs ?? 0);
  }
  const take = TAKE_VARIATIONS[(delivery.take - 1) % TAKE_VARIATIONS.length]!;
  out.rate = clamp(out.rate * take.rate, 0.6, 1.6);
  out.pitchSemitones = clamp(out.pitchSemitones + take.pitchSemitones, -4, 4);
  out.levelDb = clamp(out.levelDb, -15, 6);
  return out;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** What the line's menu shows about a voice and a line's directions. */
export function describeDirections(
  read: ReadDirections,
  honoured: readonly DirectionName[],
): { honoured: DirectionName[]; notHonoured: DirectionName[]; unknown: string[] } {
  return {
    honoured: read.directions.filter((d) => honoured.includes(d)),
    notHonoured: read.directions.filter((d) => !honoured.includes(d)),
    unknown: read.unknown,
  };
}

// ---- Pronunciations: word -> how to say it, applied before synthesis (docs/decisions/322) ----

export const MAX_PRONUNCIATION_WORD_CHARS = 40;
export const MAX_RESPELLING_CHARS = 60;
/** Entries in one list: the user's own, or one script's. */
export const MAX_PRONUNCIATIONS_PER_LIST = 200;

export const PRONUNCIATION_TEXTS = {
  wordInvalid: 'Enter one word: letters, with apostrophes inside it.',
  wordTooLong: `A word can be at most ${MAX_PRONUNCIATION_WORD_CHARS} characters.`,
  respellingInvalid: 'Write how to say it in letters, spaces, hyphens and apostrophes only.',
  respellingTooLong: `A respelling can be at most ${MAX_RESPELLING_CHARS} characters.`,
  listFull: `A list can hold at most ${MAX_PRONUNCIATIONS_PER_LIST} pronunciations. Remove one to add another.`,
  notFound: 'Pronunciation not found',
} as const;

/** One word: letters and digits, with apostrophes inside it ("O'Brien"). */
const WORD = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}'’]*[\p{L}\p{M}\p{N}])?$/u;
/** Plain text an engine reads as words: no brackets, tags, digits or punctuation it would act on. */
const RESPELLING = /^[\p{L}\p{M}'’ -]+$/u;

export const pronunciationInputSchema = z.object({
  word: z
    .string()
    .trim()
    .normalize('NFC')
    .max(MAX_PRONUNCIATION_WORD_CHARS, PRONUNCIATION_TEXTS.wordTooLong)
    .regex(WORD, PRONUNCIATION_TEXTS.wordInvalid),
  respelling: z
    .string()
    .trim()
    .max(MAX_RESPELLING_CHARS, PRONUNCIATION_TEXTS.respellingTooLong)
    .regex(RESPELLING, PRONUNCIATION_TEXTS.respellingInvalid)
    .transform((s) => s.replace(/\s+/g, ' '))
    .refine((s) => /\p{L}/u.test(s), PRONUNCIATION_TEXTS.respellingInvalid),
  /** The script this entry belongs to; absent: the user's own list, used everywhere. */
  scriptId: z.string().min(1).max(64).nullish(),
});
export type PronunciationInput = z.infer<typeof pronunciationInputSchema>;

export const pronunciationSchema = z.object({
  id: z.string(),
  word: z.string(),
  respelling: z.string(),
  scriptId: z.string().nullable(),
  createdAt: z.string(),
});
export type Pronunciation = z.infer<typeof pronunciationSchema>;

export const pronunciationListSchema = z.object({
  pronunciations: z.array(pronunciationSchema),
});
export type PronunciationList = z.infer<typeof pronunciationListSchema>;

export const pronunciationListQuerySchema = z.object({
  scriptId: z.string().min(1).max(64).optional(),
});

/**
 * Word (lower case) -> respelling as spoken; a script's entry wins over the user's own for the
 * same word.
 */
export type PronunciationMap = ReadonlyMap<string, string>;

/**
 * A respelling as the engines are given it: in lower case, as the capitals people write for the
 * stressed syllable ("shiv-AWN") make engines spell a word out letter by letter.
 */
const spoken = (respelling: string) => respelling.toLowerCase();

export function pronunciationMap(
  entries: readonly { word: string; respelling: string; scriptId: string | null }[],
): PronunciationMap {
  const map = new Map<string, string>();
  for (const e of entries) if (!e.scriptId) map.set(wordKey(e.word), spoken(e.respelling));
  for (const e of entries) if (e.scriptId) map.set(wordKey(e.word), spoken(e.respelling));
  return map;
}

/**
 * How a listed word is matched: in any case, and with its accents composed the same way
 * ("Siobhán" typed as one character or as "a" and a combining accent).
 */
const wordKey = (word: string) => word.normalize('NFC').toLowerCase();

/** A word of a text as WORD reads one: a hyphen joins two words ("Mary-Jane"). */
export const WORDS_IN_TEXT = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}'’]*[\p{L}\p{M}\p{N}])?/gu;

/**
 * The text with every listed word, whole and in any case, replaced by its respelling. One pass
 * over the text with a map lookup per word, so its cost does not grow with the list.
 */
export function applyPronunciations(text: string, map: PronunciationMap): string {
  if (map.size === 0) return text;
  return text.replace(WORDS_IN_TEXT, (word) => {
    const lower = wordKey(word);
    const whole = map.get(lower);
    if (whole !== undefined) return whole;
    // "Siobhan's": the listed word with its possessive.
    const possessive = /['’]s$/.exec(lower);
    const base = possessive ? map.get(lower.slice(0, -2)) : undefined;
    return base === undefined ? word : `${base}${word.slice(-2)}`;
  });
}
