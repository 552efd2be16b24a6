import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PDF whose pages are only images (JPEG, one a page, filling it) and hold no text: what a
 * scanner or a phone's scanning app makes of printed sides. pdftotext finds nothing in it.
 */
export function imagePdf(jpegs: Buffer[]): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (chunk: Buffer | string) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(b);
    length += b.length;
  };
  const object = (id: number, body: (Buffer | string)[]) => {
    offsets[id - 1] = length;
    write(`${id} 0 obj\n`);
    for (const b of body) write(b);
    write('\nendobj\n');
  };
  write('%PDF-1.4\n');
  const pageIds = jpegs.map((_, i) => 3 + i * 3);
  object(1, ['<< /Type /Catalog /Pages 2 0 R >>']);
  object(2, [
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${jpegs.length} >>`,
  ]);
  jpegs.forEach((jpeg, i) => {
    const [width, height, components] = jpegSize(jpeg);
    // The page keeps the image's proportions, 72 points to the inch at 150 pixels to the inch.
    const w = (width * 72) / 150;
    const h = (height * 72) / 150;
    const [page, image, content] = [pageIds[i]!, pageIds[i]! + 1, pageIds[i]! + 2];
    const draw = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    object(page, [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] `,
      `/Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${content} 0 R >>`,
    ]);
    object(image, [
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${components === 1 ? 'DeviceGray' : 'DeviceRGB'} `,
      `/BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      jpeg,
      '\nendstream',
    ]);
    object(content, [`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`]);
  });
  const xref = length;
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) write(`${String(o).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** Width, height and colour components of a JPEG, from its start-of-frame marker. */
function jpegSize(jpeg: Buffer): [number, number, number] {
  let i = 2;
  while (i + 9 < jpeg.length) {
    if (jpeg[i] !== 0xff) throw new Error('not a JPEG');
    const marker = jpeg[i + 1]!;
    const size = jpeg.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return [jpeg.readUInt16BE(i + 7), jpeg.readUInt16BE(i + 5), jpeg[i + 9]!];
    i += 2 + size;
  }
  throw new Error('JPEG without a frame');
}

/**
 * A PDF's pages rasterised in grey at 150 dpi by pdftoppm (poppler-utils), as JPEGs.
 */
export function jpegPages(pdf: Buffer, pages?: { first: number; last: number }): Buffer[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-scan-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-jpeg', ...range, 'in.pdf', 'page'], {
      cwd: dir,
    });
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A scan of a PDF: its pages as images only (jpegPages), so no text of the original survives. */
export function scanOf(pdf: Buffer, pages?: { first: number; last: number }): Buffer {
  return imagePdf(jpegPages(pdf, pages));
}
