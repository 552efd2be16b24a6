/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LINES } from './lines';
import { readScript } from './read-script';

const real = (file: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'corpus', 'real', file), 'utf8');

describe('reading a file for import, with what was understood', () => {
  it('summarises a Final Draft file: characters and speeches', () => {
    const { analysis, report } = readScript(real('fdx/little-women.fdx'), 'fdx');
    expect(analysis.format).toBe('fdx');
    expect(report).toEqual({
      characters: 16,
      speeches: 114,
      scenes: 13,
      pages: null,
      pagesWithoutDialogue: null,
      noSpeech: false,
      truncated: false,
    });
  });

  it('counts the pages of a PDF and those where no dialogue was found', () => {
    const { analysis, report } = readScript(real('pdf/little-women.pdf.txt'), 'pdf');
    expect(analysis.format).toBe('pdf');
    expect(report.pages).toBe(16);
    // The title page, the epigraph and the note to the reader have no speech.
    expect(report.pagesWithoutDialogue).toBe(3);
    expect(report.speeches).toBe(114);
  });

  it('says so when a file with text has no speech, so an import cannot look successful', () => {
    const xml =
      '<FinalDraft><Content><Paragraph Type="Action"><Text>A quiet room.</Text></Paragraph></Content>' +
      '<TitlePage><Content><Paragraph><Text>COVER</Text></Paragraph></Content></TitlePage></FinalDraft>';
    expect(readScript(xml, 'fdx').report).toMatchObject({ noSpeech: true, speeches: 0 });
    expect(readScript('It was a dark and stormy night.\n', 'text').report.noSpeech).toBe(true);
  });

  it('stops at the line limit and says the script was cut', () => {
    const { analysis, report } = readScript('ANNA\nHi.\n\n'.repeat(MAX_LINES + 10), 'text');
    expect(report.truncated).toBe(true);
    expect(analysis.lines.length).toBe(MAX_LINES);
  });
});
