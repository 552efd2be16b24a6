import { z } from 'zod';
import { formatInteger } from './format';

/** The script manager's texts and constants (docs/glossary.md#scripts). */
export const SCRIPT_MESSAGES = {
  load: 'Failed to load scripts',
  save: 'Failed to save script',
  archive: 'Failed to archive script',
  delete: 'Failed to delete script',
  confirmDelete: 'Are you sure you want to delete this script?',
} as const;
export const DEFAULT_SCRIPT_TITLE = 'Untitled Script';
export const SCRIPT_PREVIEW_LENGTH = 150;
export const SCRIPT_TITLE_REQUIRED = 'Please enter a title';
export const SCRIPT_CONTENT_REQUIRED = 'Please enter the script text';
/** A whole play is about 1 MB of text; parsing is linear and runs off the event loop (decision 127). */
export const MAX_SCRIPT_CHARACTERS = 2_000_000;
/** Lines of one script's split (a 2,000,000-character play has about 20,000). */
export const MAX_SCRIPT_LINES = 50_000;
export const SCRIPT_TOO_MANY_LINES_MESSAGE =
  'This script splits into more than 50,000 lines, more than one script can hold. Please split it into smaller scripts.';
export const MAX_TAGS = 20;

/**
 * What one account may keep (decisions 126 and 262): scripts, and characters stored for them in
 * all: each script's text, its line split and its lines prepared for rehearsal, about four times
 * the text (ten scripts of the 2,000,000-character maximum). Archived scripts count; deleting
 * frees the room.
 */
export const MAX_SCRIPTS_PER_USER = 500;
export const MAX_SCRIPT_STORAGE_PER_USER = 80_000_000;
export const SCRIPT_COUNT_QUOTA_MESSAGE = `You already have ${MAX_SCRIPTS_PER_USER} scripts, the most one account can keep. Delete a script you no longer need to add another.`;
export const SCRIPT_STORAGE_QUOTA_MESSAGE = `Your scripts and their line splits would take more than ${formatInteger(MAX_SCRIPT_STORAGE_PER_USER)} characters, the most one account can keep. Delete a script you no longer need, or use a shorter one.`;
/**
 * A corrected line split that says words its text does not hold, repeats a line's id, or is far
 * larger than the text's own split (decision 262): nothing is saved.
 */
export const SPLIT_MISMATCH_MESSAGE =
  'The lines sent with this script do not match its text. Reload the script and save it again.';
export const MAX_TAG_LENGTH = 40;

/** Uploads: plain text, Fountain, Final Draft and PDF sides, sent as base64 JSON (CSRF rule docs/glossary.md#S4). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['txt', 'fountain', 'spmd', 'fdx', 'pdf'] as const;
export const IMPORT_TOO_LARGE_MESSAGE =
  'This file is larger than 2 MB. Please upload a smaller file.';
export const IMPORT_UNSUPPORTED_MESSAGE =
  'Unsupported file type. Please upload a .txt, .fountain, .fdx or .pdf file.';
export const IMPORT_UNREADABLE_MESSAGE = 'We could not read any script text in this file.';
/** The most pages a PDF may have to be imported (decision 264): a full-length screenplay is about 120. */
export const MAX_PDF_PAGES = 500;
export const pdfTooManyPagesMessage = (pages: number) =>
  `This PDF is too large to import: it has ${formatInteger(pages)} pages; the limit is ${MAX_PDF_PAGES}.`;
export const PDF_TEXT_TOO_LARGE_MESSAGE =
  'This PDF holds more text than one script can keep. Please split it into smaller files.';
/** A text file in none of the encodings read (decision 263), named as the user sent it. */
export const importEncodingMessage = (fileName: string) =>
  `We could not read "${fileName}": it is not text in UTF-8, UTF-16 or Windows-1252 (Latin-1). Save it as UTF-8 and try again.`;
/** Scanned pages (no text layer) one import reads by OCR, and how long it may take. */
export const MAX_OCR_PAGES = 30;
export const OCR_TIME_LIMIT_SECONDS = 180;
export const OCR_TOO_MANY_PAGES_MESSAGE = `This PDF has more than ${MAX_OCR_PAGES} scanned pages (pages with no text, only an image). Please split it into smaller files.`;
export const OCR_TOO_SLOW_MESSAGE =
  'This scanned PDF took too long to read. Please split it into smaller files.';
export const OCR_BUSY_MESSAGE =
  'Too many scanned scripts are being read right now. Please try again in a moment.';
export const IMPORT_NO_SPEECH_MESSAGE =
  'We found no speeches in this file, so nothing was imported. Each speech needs the name of who speaks: on its own line in capitals (ANNA) or before a colon (ANNA: Hello).';

export const lineKinds = ['dialogue', 'action', 'heading', 'transition'] as const;
export type LineKind = (typeof lineKinds)[number];

/** The most beats kept in one speech; the parser drops any after them. */
export const MAX_BEATS_PER_LINE = 100;

/** A written beat inside a speech: "(beat)" 1 s, "(pause)" 2 s, "(long pause)" 3 s of silence. */
export const beatSchema = z.object({
  /** How many of the speech's words come before it (0: before the first word). */
  at: z.number().int().min(0).max(10_000),
  seconds: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type Beat = z.infer<typeof beatSchema>;

export const scriptLineSchema = z.object({
  id: z.string().min(1).max(20),
  kind: z.enum(lineKinds),
  /** Who speaks (upper-case cue name) for dialogue; null otherwise. */
  character: z.string().min(1).max(60).nullable(),
  /** What is said (dialogue) or the heading/action/transition text. */
  text: z.string().max(10_000),
  /** Parentheticals that belong to the speech ("(beat)", "(whispering)"); never spoken. */
  direction: z.string().max(1000).nullable(),
  /** False for everything that is not read aloud (action, headings, lines the user marked). */
  spoken: z.boolean(),
  /** Part of Fountain dual dialogue (two characters speaking at once). */
  dual: z.boolean(),
  /** Where the speech's written beats fall; absent when it has none (or was split before them). */
  beats: z.array(beatSchema).max(MAX_BEATS_PER_LINE).optional(),
});
export type ScriptLine = z.infer<typeof scriptLineSchema>;

export const scriptFormats = ['fountain', 'fdx', 'pdf', 'colon', 'layout', 'plain'] as const;
export type ScriptFormat = (typeof scriptFormats)[number];

export const scriptAnalysisSchema = z.object({
  format: z.enum(scriptFormats),
  lines: z.array(scriptLineSchema).max(MAX_SCRIPT_LINES),
});
export type ScriptAnalysis = z.infer<typeof scriptAnalysisSchema>;

export const genders = ['male', 'female'] as const;
export const scriptCharacterSchema = z.object({
  name: z.string(),
  lineCount: z.number().int(),
  /** What the script implies (pronouns, titles), used to suggest voices; null when it does not say. */
  gender: z.enum(genders).nullable(),
  /** Likely age from the script's hints (docs/decisions/281); absent on scripts stored before. */
  age: z.enum(['child', 'young', 'adult', 'old']).nullable().optional(),
});
export type ScriptCharacter = z.infer<typeof scriptCharacterSchema>;

const tagSchema = z.string().trim().min(1).max(MAX_TAG_LENGTH);

export const scriptInputSchema = z.object({
  title: z.string({ error: SCRIPT_TITLE_REQUIRED }).trim().min(1, SCRIPT_TITLE_REQUIRED).max(200),
  content: z
    .string({ error: SCRIPT_CONTENT_REQUIRED })
    .max(MAX_SCRIPT_CHARACTERS)
    .refine((s) => s.trim().length > 0, SCRIPT_CONTENT_REQUIRED),
  tags: z
    .array(tagSchema)
    .max(MAX_TAGS)
    .default([])
    .transform((tags) => uniqueTags(tags)),
  /**
   * The corrected line split. Sent only when the user edited it for this exact content; when
   * omitted, the server splits the content itself.
   */
  analysis: scriptAnalysisSchema.nullable().optional(),
  isFavorite: z.boolean().optional(),
});
export type ScriptInput = z.input<typeof scriptInputSchema>;

export const scriptArchiveInputSchema = z.object({ isArchived: z.boolean() });

export const scriptSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  characters: z.array(scriptCharacterSchema),
  analysis: scriptAnalysisSchema.nullable(),
  tags: z.array(z.string()),
  isArchived: z.boolean(),
  isFavorite: z.boolean(),
  /** The sample scene a new account starts with: labelled, deletable, outside the quota. */
  isSample: z.boolean(),
  wordCount: z.number().int(),
  characterCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastOpenedAt: z.string().nullable(),
});
export type Script = z.infer<typeof scriptSchema>;

/** Scripts per page of `GET /api/scripts`: the default, and the most a caller may ask for. */
export const SCRIPT_PAGE_SIZE = 24;
export const MAX_SCRIPT_PAGE_SIZE = 100;

export const scriptListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  archived: z.enum(['true', 'false']).optional(),
  /** Opaque position after the last script of the previous page (`nextCursor`). */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SCRIPT_PAGE_SIZE).default(SCRIPT_PAGE_SIZE),
});

/**
 * A script as the list shows it: no content or line split, only the card's preview (the first
 * 150 characters) and the characters. The whole script comes from `GET /api/scripts/:id`.
 */
export const scriptSummarySchema = scriptSchema
  .omit({ content: true, analysis: true })
  .extend({ preview: z.string() });
export type ScriptSummary = z.infer<typeof scriptSummarySchema>;

export const scriptListSchema = z.object({
  scripts: z.array(scriptSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ScriptList = z.infer<typeof scriptListSchema>;

/** What an import understood, shown before the actor rehearses (issue 18). */
export const importSummarySchema = z.object({
  /** Speaking characters. */
  characters: z.number().int(),
  /** Lines someone speaks. */
  speeches: z.number().int(),
  /** Scene headings. */
  scenes: z.number().int(),
  /** For page layouts (PDF): pages read, and pages with text but no speech found. */
  pages: z.number().int().nullable(),
  pagesWithoutDialogue: z.number().int().nullable(),
  /** Pages of a PDF that had no text, only an image, and were read by OCR (1 is the first). */
  ocrPages: z.array(z.number().int().positive()).max(MAX_OCR_PAGES),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** What a long import has done so far: scanned pages read by OCR, of how many. */
export const importProgressSchema = z.object({
  stage: z.literal('ocr'),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/**
 * One line of an import answered as a stream (Accept: application/x-ndjson), sent when the file
 * needs OCR: progress lines, then the imported script or the error, in the one error shape.
 */
export const importStreamLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), progress: importProgressSchema }),
  z.object({ type: z.literal('result'), script: z.lazy(() => scriptImportResultSchema) }),
  z.object({
    type: z.literal('error'),
    status: z.number().int(),
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  }),
]);
export type ImportStreamLine = z.infer<typeof importStreamLineSchema>;

/** "1-3, 5": page numbers, runs of them written as ranges. */
export function describePages(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(j > i ? `${pages[i]}-${pages[j]}` : `${pages[i]}`);
    i = j;
  }
  return parts.join(', ');
}

/** Speaking characters, speeches and scene headings of a split. */
export function summariseAnalysis(
  analysis: Pick<ScriptAnalysis, 'lines'>,
  pages: { pages: number | null; pagesWithoutDialogue: number | null; ocrPages?: number[] } = {
    pages: null,
    pagesWithoutDialogue: null,
  },
): ImportSummary {
  const speakers = new Set<string>();
  let speeches = 0;
  let scenes = 0;
  for (const line of analysis.lines) {
    if (line.kind === 'heading') scenes++;
    if (line.kind !== 'dialogue' || !line.character) continue;
    speakers.add(line.character);
    speeches++;
  }
  return { characters: speakers.size, speeches, scenes, ocrPages: [], ...pages };
}

const count = (n: number, one: string, many: string) =>
  `${formatInteger(n)} ${n === 1 ? one : many}`;

/** "38 characters, 848 speeches, 12 scenes, 3 pages with no dialogue found". */
export function describeImportSummary(summary: ImportSummary): string {
  const parts = [
    count(summary.characters, 'character', 'characters'),
    count(summary.speeches, 'speech', 'speeches'),
    count(summary.scenes, 'scene', 'scenes'),
  ];
  if (summary.pagesWithoutDialogue !== null)
    parts.push(`${count(summary.pagesWithoutDialogue, 'page', 'pages')} with no dialogue found`);
  return parts.join(', ');
}

/** A scene of a split: its heading (null before the first one) and who speaks in it. */
export interface SceneOutline {
  heading: string | null;
  speeches: number;
  speakers: string[];
}

export function outlineScenes(analysis: Pick<ScriptAnalysis, 'lines'>): SceneOutline[] {
  const scenes: SceneOutline[] = [];
  let current: SceneOutline | null = null;
  for (const line of analysis.lines) {
    if (line.kind === 'heading' || !current) {
      current = { heading: line.kind === 'heading' ? line.text : null, speeches: 0, speakers: [] };
      scenes.push(current);
      if (line.kind === 'heading') continue;
    }
    if (line.kind !== 'dialogue' || !line.character) continue;
    current.speeches++;
    if (!current.speakers.includes(line.character)) current.speakers.push(line.character);
  }
  return scenes.filter((s) => s.heading !== null || s.speeches > 0);
}

export const characterRenameInputSchema = z.object({
  from: z.string().min(1).max(60),
  to: z
    .string({ error: 'Please enter a name' })
    .trim()
    .min(1, 'Please enter a name')
    .max(60)
    .refine((s) => normaliseCue(s).length > 0, 'Please enter a name'),
});
export type CharacterRenameInput = z.infer<typeof characterRenameInputSchema>;

/** Gives one line of the split to a character, or (null) makes it action, not spoken. */
export const lineReassignInputSchema = z.object({
  lineId: z.string().min(1).max(20),
  character: z
    .string({ error: 'Please enter a name' })
    .trim()
    .max(60)
    .refine((s) => normaliseCue(s).length > 0, 'Please enter a name')
    .nullable(),
});
export type LineReassignInput = z.infer<typeof lineReassignInputSchema>;
export const LINE_NOT_FOUND_MESSAGE = 'This line is no longer in the script. Please reload it.';

/**
 * The split with one line given to a character (said aloud when it has words) or, for null,
 * made action; null when the split has no such line. Its text and direction are kept, so the
 * change can be undone the same way.
 */
export function reassignLine(
  analysis: ScriptAnalysis,
  lineId: string,
  character: string | null,
): ScriptAnalysis | null {
  const at = analysis.lines.findIndex((l) => l.id === lineId);
  if (at < 0) return null;
  const line = analysis.lines[at]!;
  const name = character === null ? null : normaliseCue(character);
  const next: ScriptLine = name
    ? {
        ...line,
        kind: 'dialogue',
        character: name,
        spoken: line.text.trim().length > 0,
        dual: false,
      }
    : { ...line, kind: 'action', character: null, spoken: false, dual: false };
  const lines = analysis.lines.slice();
  lines[at] = next;
  return { ...analysis, lines };
}
export const CHARACTER_NOT_FOUND_MESSAGE = 'This script has no character by that name.';
/** A rename that kept meeting other changes to the same script (decision 127). */
export const SCRIPT_CHANGED_MESSAGE = 'This script was changed at the same time. Please try again.';

/** The answer to an import: the new script and what was understood. */
export const scriptImportResultSchema = scriptSchema.extend({ summary: importSummarySchema });
export type ScriptImportResult = z.infer<typeof scriptImportResultSchema>;

export const scriptImportInputSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  /** base64 of the file's bytes. */
  data: z.string().max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 8, IMPORT_TOO_LARGE_MESSAGE),
  title: z.string().trim().max(200).optional(),
});

/** The number of whitespace-separated non-empty tokens (docs/glossary.md#scripts). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Tags keep their first spelling; a tag already present (ignoring case) is not added again. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** Adds a tag typed into the form (Enter): trimmed, non-empty, not a duplicate. */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim().slice(0, MAX_TAG_LENGTH);
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase()) || tags.length >= MAX_TAGS)
    return [...tags];
  return [...tags, tag];
}

/** The card preview: the first 150 characters. */
export function scriptPreview(content: string): string {
  return content.length > SCRIPT_PREVIEW_LENGTH
    ? `${content.slice(0, SCRIPT_PREVIEW_LENGTH)}…`
    : content;
}

/** Search matches title, content or any tag, case-insensitive (docs/glossary.md#scripts). */
export function matchesScriptSearch(
  script: Pick<Script, 'title' | 'content' | 'tags'>,
  search: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    script.title.toLowerCase().includes(q) ||
    script.content.toLowerCase().includes(q) ||
    script.tags.some((t) => t.toLowerCase().includes(q))
  );
}

/** Characters with their spoken line counts, in order of first appearance. */
export function listCharacters(
  analysis: ScriptAnalysis,
  genders: Record<string, 'male' | 'female' | null> = {},
  ages?: Record<string, 'child' | 'young' | 'adult' | 'old' | null>,
): ScriptCharacter[] {
  const counts = new Map<string, number>();
  for (const line of analysis.lines) {
    if (line.kind !== 'dialogue' || !line.character) continue;
    counts.set(line.character, (counts.get(line.character) ?? 0) + (line.spoken ? 1 : 0));
  }
  return [...counts].map(([name, lineCount]) => ({
    name,
    lineCount,
    gender: genders[name] ?? null,
    ...(ages ? { age: ages[name] ?? null } : {}),
  }));
}

/** Renames a character on every line; renaming onto an existing name merges the two. */
export function renameCharacter(
  analysis: ScriptAnalysis,
  from: string,
  to: string,
): ScriptAnalysis {
  const target = normaliseCue(to);
  if (!target) return analysis;
  return {
    ...analysis,
    lines: analysis.lines.map((l) => (l.character === from ? { ...l, character: target } : l)),
  };
}

/**
 * A character cue as the parser keys it: upper case, with every parenthesised extension removed
 * ("(V.O.)", "(O.S., PRELAP)", "(CONT'D)", "(singing)", unknown ones too), a trailing CONT'D
 * written without brackets, Fountain's markers (^ and @) and spaces before a colon.
 * Linear: one pass over the cue, no backtracking pattern.
 */
export function normaliseCue(raw: string): string {
  let out = '';
  let depth = 0;
  for (const ch of raw) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  out = out.replace(/\s+/g, ' ').trim();
  if (out.endsWith('^')) out = out.slice(0, -1).trim();
  if (out.startsWith('@')) out = out.slice(1).trim();
  const upper = out.toUpperCase();
  for (const suffix of [" CONT'D", ' CONT’D', ' CONTD', ' CONTINUED']) {
    if (upper.endsWith(suffix) && upper.length > suffix.length) {
      return upper.slice(0, -suffix.length).trim().slice(0, 60);
    }
  }
  return upper.slice(0, 60);
}

/**
 * The sample scene every new account starts with (issue 30): an original two-hander written for
 * Doublecast, with beats, short enough to run in two minutes.
 */
export const SAMPLE_SCRIPT = {
  title: 'Sample scene: The Last Train',
  content: `INT. STATION PLATFORM - NIGHT

A bench under a clock that runs slow. MAYA waits with a paper cup. JONAH arrives, out of breath.

JONAH
Is this the last one?

MAYA
If the clock is right. It never is.

JONAH
Then we might have missed it.

MAYA
Or it might be late. (beat) Like you.

JONAH
I said I was sorry.

MAYA
You said it in a text. With a picture of a cat.

JONAH
It was a very sorry cat.

MAYA
(pause) You could have called.

JONAH
I know. (beat) I was afraid you would pick up.

MAYA
And say what?

JONAH
That you were done waiting.

MAYA
I'm still here, aren't I?

A distant horn. Light sweeps along the platform.

JONAH
Is that it?

MAYA
That's it. (beat) Are you getting on?

JONAH
Only if you are.
`,
} as const;
