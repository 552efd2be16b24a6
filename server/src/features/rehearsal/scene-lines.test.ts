import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFdx } from '@doublecast/common/script-parser/parse-fdx';
import { analysisToFountain, parseScript } from '@doublecast/common/script-parser/parse-script';
import { rehearsalLines, SCENE_TEXT_MISMATCH_MESSAGE } from '@doublecast/common/rehearsal';
import type { ScriptAnalysis } from '@doublecast/common/scripts';
import { sceneLines } from './rehearsal.service';

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

describe('scene lines checked against the script text', () => {
  it.each(storedScripts())('accepts the split the server made of %s', (_name, script) => {
    expect(sceneLines(script)).toEqual(rehearsalLines(script.analysis.lines));
  });

  it('refuses lines the text does not hold, and a real line used more often than it occurs', () => {
    const content = 'ANNA\nHello there.\n\nBEN\nGo away.\n';
    const analysis = parseScript(content);
    expect(sceneLines({ content, analysis })).toHaveLength(2);
    const line = analysis.lines.find((l) => l.character === 'BEN')!;
    for (const lines of [
      [...analysis.lines, { ...line, id: 'x1', text: 'Something never written.' }],
      [...analysis.lines, { ...line, id: 'x2' }],
    ])
      expect(() => sceneLines({ content, analysis: { ...analysis, lines } })).toThrow(
        SCENE_TEXT_MISMATCH_MESSAGE,
      );
  });
});
