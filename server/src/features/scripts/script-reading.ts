import {
  CHARACTER_NOT_FOUND_MESSAGE,
  countWords,
  IMPORT_NO_SPEECH_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_UNREADABLE_MESSAGE,
  importEncodingMessage,
  LINE_NOT_FOUND_MESSAGE,
  listCharacters,
  MAX_SCRIPT_CHARACTERS,
  MAX_SCRIPT_LINES,
  SCRIPT_TOO_MANY_LINES_MESSAGE,
  scriptAnalysisSchema,
  scriptInputSchema,
  reassignLine,
  renameCharacter,
  SPLIT_MISMATCH_MESSAGE,
  summariseAnalysis,
  type ImportSummary,
  type ScriptAnalysis,
} from '@doublecast/common/scripts';
import { inferGenders } from '@doublecast/common/script-parser/infer-genders';
import { inferAges } from '@doublecast/common/casting';
import { FdxError, parseFdx } from '@doublecast/common/script-parser/parse-fdx';
import { fountainTitle } from '@doublecast/common/script-parser/fountain';
import {
  analysisToFountain,
  readPdfText,
  readText,
} from '@doublecast/common/script-parser/parse-script';
import { genderLeanOfCharacterName, genderOfCharacterName } from './first-name-genders';
import { prepareRehearsalLines, type PreparedLines } from './rehearsal-lines';
import { decodeText } from './text-encoding';

/**
 * Everything heavy about a script write, in one synchronous function that runs either inline
 * (small inputs) or in the script-reading worker (decision 127): reading the request body,
 * checking it, splitting the text into lines, the characters and counts, and the JSON that is
 * stored. Only strings and numbers come back, so handing the result to the main thread is a
 * copy of a few strings, never a walk over thousands of lines.
 */
export type ReadJob =
  /** A create or save: the JSON body (its bytes or text, or already parsed when small). */
  | { kind: 'input'; body: unknown; storedContent?: string }
  /** An imported file: its bytes (text, Fountain, FDX) or the UTF-8 text pdftotext gave. */
  | {
      kind: 'file';
      type: 'text' | 'fdx' | 'pdf';
      bytes: Uint8Array;
      fileName: string;
      /** Text read by OCR from the PDF's scanned pages (1 is the first), put in their place. */
      ocr?: { page: number; text: string }[];
    }
  /** Rename or merge a character in a stored split (its JSON) of the stored text. */
  | { kind: 'rename'; content: string; analysis: string; from: string; to: string }
  /** Give one line of a stored split to a character, or make it action (null). */
  | {
      kind: 'reassign';
      content: string;
      analysis: string;
      lineId: string;
      character: string | null;
    }
  /** Prepare the rehearsal lines of a stored text and split (a script saved before them). */
  | { kind: 'lines'; content: string; analysis: string };

export interface ReadScript {
  title: string | null;
  tags: string[];
  isFavorite: boolean | undefined;
  content: string;
  /**
   * The content as JSON, UTF-8 encoded, for the answer (null for a rename, which keeps the
   * text): made here so that a large script is never escaped or encoded on the event loop.
   */
  contentJson: Uint8Array<ArrayBuffer> | null;
  /** Null when a save keeps the stored split (same text, no corrected split sent). */
  stored: {
    analysis: string;
    characters: string;
    word_count: number;
    character_count: number;
    /** Everything the script keeps, in characters (decision 262). */
    stored_size: number;
  } | null;
  /** The split's rehearsal lines, for script_lines (with `stored`, and for a `lines` job). */
  lines: PreparedLines | null;
  summary: ImportSummary | null;
}

export type ReadOutcome =
  | { ok: true; script: ReadScript }
  | {
      ok: false;
      message: string;
      issues?: { path: (string | number)[]; message: string; code: string }[];
    };

export function readScriptJob(job: ReadJob): ReadOutcome {
  try {
    if (job.kind === 'rename' || job.kind === 'reassign') return correctStored(job);
    if (job.kind === 'lines') return prepareStored(job);
    return job.kind === 'input' ? readInput(job) : readFile(job);
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, message: e.message };
    throw e;
  }
}

class Refusal extends Error {}

function readInput(job: Extract<ReadJob, { kind: 'input' }>): ReadOutcome {
  let body = job.body;
  if (body instanceof Uint8Array) body = new TextDecoder().decode(body);
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return { ok: false, message: 'Invalid request' };
    }
  }
  const parsed = scriptInputSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.filter((p) => typeof p !== 'symbol'),
      message: i.message,
      code: i.code,
    }));
    return { ok: false, message: issues[0]?.message ?? 'Invalid request', issues };
  }
  const input = parsed.data;
  // A lone surrogate is stored as U+FFFD by both databases; the answer says so too.
  const content = input.content.replace(/\p{Surrogate}/gu, '\ufffd');
  const keep = !input.analysis && job.storedContent === content;
  const analysis = keep ? null : (input.analysis ?? readText(content).analysis);
  if (analysis && analysis.lines.length > MAX_SCRIPT_LINES)
    return { ok: false, message: SCRIPT_TOO_MANY_LINES_MESSAGE };
  // A corrected split comes from the client: it is kept only while it is no larger than the
  // server's own split of the text could be, and says only what the text says (decision 262).
  if (input.analysis) {
    const ownSize = JSON.stringify(readText(content).analysis).length;
    if (JSON.stringify(input.analysis).length > SPLIT_SIZE_FACTOR * ownSize + SPLIT_SIZE_SLACK)
      return { ok: false, message: SPLIT_MISMATCH_MESSAGE };
  }
  const stored = analysis ? derive(content, analysis) : null;
  if (input.analysis && stored?.lines.ready === 0)
    return { ok: false, message: SPLIT_MISMATCH_MESSAGE };
  return {
    ok: true,
    script: {
      title: input.title,
      tags: input.tags,
      isFavorite: input.isFavorite,
      content,
      contentJson: encodeJson(content),
      stored: stored && stored.row,
      lines: stored && stored.lines,
      summary: analysis ? summariseAnalysis(analysis) : null,
    },
  };
}

/**
 * A corrected split may be at most this multiple of the server's own split of the same text
 * (plus the slack): corrections change who speaks and what is spoken aloud, and a renamed
 * character's name is at most 60 characters, so a real correction stays well inside.
 */
const SPLIT_SIZE_FACTOR = 2;
const SPLIT_SIZE_SLACK = 4096;

function readFile(job: Extract<ReadJob, { kind: 'file' }>): ReadOutcome {
  let analysis: ScriptAnalysis;
  let content: string;
  let pages: number | null = null;
  let pagesWithoutDialogue: number | null = null;
  let title: string | null = null;
  let ocrPages: number[] = [];
  if (job.type === 'pdf') {
    const ocr = job.ocr ?? [];
    ocrPages = ocr.filter((p) => p.text.trim()).map((p) => p.page);
    const reading = readPdfText(withPageTexts(decodeFile(job), ocr));
    analysis = { ...reading.analysis, format: 'pdf' };
    pages = reading.pages;
    pagesWithoutDialogue = reading.pagesWithoutDialogue;
    content = analysisToFountain(analysis);
  } else if (job.type === 'fdx') {
    try {
      analysis = parseFdx(decodeFile(job));
    } catch (e) {
      if (e instanceof FdxError) throw new Refusal(IMPORT_UNREADABLE_MESSAGE);
      throw e;
    }
    content = analysisToFountain(analysis);
  } else {
    content = decodeFile(job).replace(/\r\n?/g, '\n');
    const reading = readText(content);
    analysis = reading.analysis;
    // A Fountain title page names the script.
    title = fountainTitle(content);
    pages = reading.pages;
    pagesWithoutDialogue = reading.pagesWithoutDialogue;
  }
  if (!content.trim() || analysis.lines.length === 0) throw new Refusal(IMPORT_UNREADABLE_MESSAGE);
  if (content.length > MAX_SCRIPT_CHARACTERS) throw new Refusal(IMPORT_TOO_LARGE_MESSAGE);
  if (analysis.lines.length > MAX_SCRIPT_LINES) throw new Refusal(SCRIPT_TOO_MANY_LINES_MESSAGE);
  if (!scriptAnalysisSchema.safeParse(analysis).success)
    throw new Refusal(IMPORT_UNREADABLE_MESSAGE);
  const summary = summariseAnalysis(analysis, { pages, pagesWithoutDialogue, ocrPages });
  // A file with text but nobody speaking is a failed reading, never an empty success.
  if (summary.speeches === 0) throw new Refusal(IMPORT_NO_SPEECH_MESSAGE);
  const stored = derive(content, analysis);
  return {
    ok: true,
    script: {
      title,
      tags: [],
      isFavorite: undefined,
      content,
      contentJson: encodeJson(content),
      stored: stored.row,
      lines: stored.lines,
      summary,
    },
  };
}

/** A correction of a stored split, as renames and merges and line reassignments are kept. */
function correctStored(job: Extract<ReadJob, { kind: 'rename' | 'reassign' }>): ReadOutcome {
  const stored = scriptAnalysisSchema.safeParse(JSON.parse(job.analysis));
  let analysis: ScriptAnalysis | null = null;
  if (job.kind === 'rename') {
    if (!stored.success || !stored.data.lines.some((l) => l.character === job.from))
      throw new Refusal(CHARACTER_NOT_FOUND_MESSAGE);
    analysis = renameCharacter(stored.data, job.from, job.to);
  } else {
    analysis = stored.success ? reassignLine(stored.data, job.lineId, job.character) : null;
    if (!analysis) throw new Refusal(LINE_NOT_FOUND_MESSAGE);
  }
  const corrected = derive(job.content, analysis);
  return splitOnly({ ...corrected, summary: summariseAnalysis(analysis) });
}

/** The rehearsal lines of a stored script (saved before they were prepared at save time). */
function prepareStored(job: Extract<ReadJob, { kind: 'lines' }>): ReadOutcome {
  const stored = scriptAnalysisSchema.safeParse(JSON.parse(job.analysis));
  return splitOnly({
    row: null,
    lines: stored.success
      ? prepareRehearsalLines(job.content, stored.data)
      : prepareRehearsalLines('', { format: 'plain', lines: [] }),
    summary: null,
  });
}

/** A reading that keeps the stored text: only what is made from its split. */
function splitOnly(made: {
  row: ReadScript['stored'];
  lines: PreparedLines;
  summary: ImportSummary | null;
}): ReadOutcome {
  return {
    ok: true,
    script: {
      title: null,
      tags: [],
      isFavorite: undefined,
      content: '',
      contentJson: null,
      stored: made.row,
      lines: made.lines,
      summary: made.summary,
    },
  };
}

/** pdftotext's text (a form feed after each page) with the given pages' text put in their place. */
export function withPageTexts(text: string, ocr: { page: number; text: string }[]): string {
  if (ocr.length === 0) return text;
  const pages = text.split('\f');
  const trailing = pages.length > 1 && !pages[pages.length - 1]!.trim();
  if (trailing) pages.pop();
  for (const { page, text: read } of ocr) if (page <= pages.length) pages[page - 1] = read;
  return `${pages.join('\f')}${trailing ? '\f' : ''}`;
}

function derive(
  content: string,
  analysis: ScriptAnalysis,
): { row: NonNullable<ReadScript['stored']>; lines: PreparedLines } {
  const lines = prepareRehearsalLines(content, analysis);
  const json = JSON.stringify(analysis);
  const characters = JSON.stringify(
    listCharacters(
      analysis,
      inferGenders(analysis, genderOfCharacterName, genderLeanOfCharacterName),
      inferAges(analysis),
    ),
  );
  return {
    row: {
      analysis: json,
      characters,
      word_count: countWords(content),
      character_count: content.length,
      stored_size: content.length + json.length + characters.length + lines.size,
    },
    lines,
  };
}

/** A value as JSON in UTF-8, in a buffer of its own (the worker hands it over without a copy). */
function encodeJson(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(value));
}

/**
 * A file's text in UTF-8, UTF-16 (with its mark) or Windows-1252 (decision 263); anything else
 * (another encoding, a binary file) is refused with a message that names the file, rather than
 * stored as noise.
 */
function decodeFile(job: Extract<ReadJob, { kind: 'file' }>): string {
  const decoded = decodeText(job.bytes);
  if (!decoded) throw new Refusal(importEncodingMessage(job.fileName));
  return decoded.text;
}
