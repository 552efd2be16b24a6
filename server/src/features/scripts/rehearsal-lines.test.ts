import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFdx } from '@doublecast/common/script-parser/parse-fdx';
import { analysisToFountain, parseScript } from '@doublecast/common/script-parser/parse-script';
import { rehearsalLines } from '@doublecast/common/rehearsal';
import type { ScriptAnalysis } from '@doublecast/common/scripts';
import {
  LINE_PAGE_SIZE,
  linePage,
  lineTextHash,
  prepareRehearsalLines,
  type PreparedLines,
} from './rehearsal-lines';

const rowsOf = (lines: PreparedLines) => lines.pageEnds.flatMap((_, i) => linePage(lines, i));

const CORPUS = path.resolve(__dirname, '../../../../common/src/script-parser/corpus');

/** Every script of the parser's corpus, stored as the scripts feature stores it. */
function storedScripts(): [string, { content: string; analysis: ScriptAnalysis }][] {
  const out: [string, { content: string; analysis: ScriptAnalysis }][] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(fountain|txt)$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
        if (entry.name.endsWith('.pdf.txt')) {
          const analysis = { ...parseScript(text, 'layout'), format: 'pdf' as const };
          out.push([entry.name, { content: analysisToFountain(analysis), analysis }]);
        } else out.push([entry.name, { content: text, analysis: parseScript(text) }]);
      } else if (entry.name.endsWith('.fdx')) {
        const analysis = parseFdx(fs.readFileSync(file, 'utf8'));
        out.push([entry.name, { content: analysisToFountain(analysis), analysis }]);
      }
    }
  };
  walk(CORPUS);
  return out;
}

describe('rehearsal lines prepared and checked against the script text', () => {
  it.each(storedScripts())('accepts the split the server made of %s', (_name, script) => {
    const prepared = prepareRehearsalLines(script.content, script.analysis);
    expect(prepared.ready).toBe(1);
    const rows = rowsOf(prepared);
    expect(rows.map(([id, speaker, text]) => ({ id, speaker, text }))).toEqual(
      rehearsalLines(script.analysis.lines).map((l) => ({
        id: l.id,
        speaker: l.character,
        text: l.text,
      })),
    );
    expect(prepared.pageEnds.every((_, i) => linePage(prepared, i).length <= LINE_PAGE_SIZE)).toBe(
      true,
    );
  });

  it("keeps the directions a line's parentheticals name, without its written beats", () => {
    const content = 'ANNA\n(shouting, to Ben)\nHello there.\n\nBEN\n(beat; quietly)\nGo away.\n';
    const rows = rowsOf(prepareRehearsalLines(content, parseScript(content)));
    expect(rows.map((row) => row[5])).toEqual(['loudly', 'quietly']);
  });

  it('refuses lines the text does not hold, a real line used more often than it occurs, and a repeated id', () => {
    const content = 'ANNA\nHello there.\n\nBEN\nGo away.\n';
    const analysis = parseScript(content);
    const prepared = prepareRehearsalLines(content, analysis);
    expect(prepared.ready).toBe(1);
    const rows = rowsOf(prepared);
    expect(rows.map(([, ...row]) => row)).toEqual([
      ['ANNA', 'Hello there.', 12, lineTextHash('Hello there.'), ''],
      ['BEN', 'Go away.', 8, lineTextHash(' Go away. '), ''],
    ]);
    const line = analysis.lines.find((l) => l.character === 'BEN')!;
    for (const lines of [
      [...analysis.lines, { ...line, id: 'x1', text: 'Something never written.' }],
      [...analysis.lines, { ...line, id: 'x2' }],
      [...analysis.lines, { ...line, text: 'there' }],
    ])
      expect(prepareRehearsalLines(content, { ...analysis, lines })).toMatchObject({
        ready: 0,
        pageEnds: [],
        size: 0,
      });
  });
});
