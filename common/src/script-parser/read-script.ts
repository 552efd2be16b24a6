import type { ScriptAnalysis } from '../scripts';
import { parseFdx } from './parse-fdx';
import { readPdfText, readText } from './parse-script';

/**
 * One entry point for an import: reads a file's text by kind and says what was understood, so
 * the caller can show it ("38 characters, 848 speeches, 3 pages with no dialogue found") and
 * must not treat a reading that found no speech as a success.
 */
/**
 * Above this many characters a caller on a server's main thread should read the script in a
 * worker: the slowest hostile input parses at about 3.5 characters per microsecond of CPU (bench
 * script-parsing), so 100,000 characters hold the thread for under 30 ms at worst, 2 MB for about
 * half a second. See docs/decisions/122-linear-script-parsing.md.
 */
export const READ_IN_WORKER_ABOVE_CHARS = 100_000;

export interface ScriptReport {
  characters: number;
  speeches: number;
  /** Scene headings found (INT./EXT. lines, ACT and SCENE headings of plays). */
  scenes: number;
  /** Pages of a PDF read, and those with text but no speech found; null for other files. */
  pages: number | null;
  pagesWithoutDialogue: number | null;
  /** No spoken line was found: the import must not look like a success. */
  noSpeech: boolean;
  /** The text was longer than the reader's line limit; the end was not read. */
  truncated: boolean;
}

export interface ScriptReading {
  analysis: ScriptAnalysis;
  report: ScriptReport;
}

/** Reads text (Fountain, "NAME: line", plays, pasted pages), Final Draft XML or PDF text. */
export function readScript(text: string, kind: 'text' | 'fdx' | 'pdf'): ScriptReading {
  if (kind === 'fdx') {
    const analysis = parseFdx(text);
    return { analysis, report: summarise(analysis, null, null, false) };
  }
  const reading = kind === 'pdf' ? readPdfText(text) : readText(text, 'auto');
  const analysis: ScriptAnalysis =
    kind === 'pdf' ? { ...reading.analysis, format: 'pdf' } : reading.analysis;
  return {
    analysis,
    report: summarise(analysis, reading.pages, reading.pagesWithoutDialogue, reading.truncated),
  };
}

export function summarise(
  analysis: ScriptAnalysis,
  pages: number | null,
  pagesWithoutDialogue: number | null,
  truncated: boolean,
): ScriptReport {
  const speakers = new Set<string>();
  let speeches = 0;
  let scenes = 0;
  for (const line of analysis.lines) {
    if (line.kind === 'heading') scenes++;
    if (line.kind !== 'dialogue' || !line.spoken || !line.character) continue;
    speakers.add(line.character);
    speeches++;
  }
  return {
    characters: speakers.size,
    speeches,
    scenes,
    pages,
    pagesWithoutDialogue,
    noSpeech: speeches === 0,
    truncated,
  };
}
