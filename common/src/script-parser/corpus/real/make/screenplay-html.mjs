// Writes a Fountain screenplay as the HTML page a browser prints: fountain-js (npm, MIT) turns
// the Fountain into HTML, and the style below lays it out as a screenplay page (Courier 12 pt,
// cues and speeches indented, dual dialogue side by side). Used by build-pdfs.sh only.
// Usage: node screenplay-html.mjs <node_modules with fountain-js> in.fountain out.html
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const fountainJs = await import(
  pathToFileURL(path.join(process.argv[2], 'fountain-js', 'dist', 'index.js')).href
);
const { Fountain } = fountainJs.default ?? fountainJs;
const parsed = new Fountain().parse(fs.readFileSync(process.argv[3], 'utf8'));
const style = `
@page { size: letter; margin: 1in 1in 1in 1.5in; }
body { font: 12pt/1 "Courier New", Courier, "DejaVu Sans Mono", monospace; margin: 0; }
h1, h2, h3, h4, p { font: inherit; margin: 0; }
h3 { text-transform: uppercase; margin: 12pt 0; }
h2 { text-align: right; margin: 12pt 0; }
p { margin: 12pt 0; }
p.centered { text-align: center; }
.dialogue { margin: 12pt 0 12pt 1in; width: 3.5in; }
.dialogue h4 { margin-left: 1.2in; }
.dialogue p { margin: 0; }
.dialogue p.parenthetical { margin-left: 0.6in; width: 2in; }
.dual-dialogue { display: flex; gap: 0.3in; margin: 12pt 0; }
.dual-dialogue .dialogue { margin: 0; width: 2.9in; }
.dual-dialogue .dialogue h4 { margin-left: 0.9in; }
.dual-dialogue .dialogue p.parenthetical { margin-left: 0.4in; }
.title-page { text-align: center; page-break-after: always; padding-top: 3in; }
`;
const html = `<!doctype html><html><head><meta charset="utf-8"><title>${parsed.title ?? ''}</title>
<style>${style}</style></head><body>
<div class="title-page">${parsed.html.title_page}</div>
${parsed.html.script}
</body></html>`;
fs.writeFileSync(process.argv[4], html);
