import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PinnedArchive } from '../features/voices/install/pinned-voices';
import { ESPEAK_DATA_CANDIDATES } from '../features/voices/espeak-data';
import { VOICE_MODEL_FIXTURES } from './voice-models';

/**
 * The committed tiny models packed the way sherpa-onnx publishes its archives: one top folder
 * holding the model, tokens.txt, espeak-ng-data/ (Debian's English data) and a model card,
 * compressed by Debian's tar and bzip2.
 */
export function packFixtureArchive(
  fixture: 'tiny-piper' | 'tiny-kokoro',
  folder: string,
  into: string,
): { file: string; bytes: number; sha256: string } {
  const espeak = ESPEAK_DATA_CANDIDATES.find((p) => fs.existsSync(p));
  if (!espeak) throw new Error('espeak-ng-data is not installed (apt-get install espeak-ng-data)');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-pack-'));
  try {
    const top = path.join(work, folder);
    fs.cpSync(path.join(VOICE_MODEL_FIXTURES, fixture), top, { recursive: true });
    // The archives name a Piper model after its voice; voice.json is Doublecast's, not theirs.
    fs.rmSync(path.join(top, 'voice.json'));
    if (fixture === 'tiny-piper')
      fs.renameSync(
        path.join(top, 'model.onnx'),
        path.join(top, `${folder.replace(/^vits-piper-/, '')}.onnx`),
      );
    fs.writeFileSync(path.join(top, 'MODEL_CARD'), 'A tiny test model.\n');
    const data = path.join(top, 'espeak-ng-data');
    fs.mkdirSync(data);
    for (const name of fs.readdirSync(espeak)) {
      if (name.endsWith('_dict') && name !== 'en_dict') continue;
      if (name === 'mbrola_ph') continue;
      fs.cpSync(path.join(espeak, name), path.join(data, name), {
        recursive: true,
        dereference: true,
      });
    }
    const file = path.join(into, `${folder}.tar.bz2`);
    execFileSync('tar', ['-cjf', file, '-C', work, folder]);
    const bytes = fs.statSync(file).size;
    const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    return { file, bytes, sha256 };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface RawTarEntry {
  path: string;
  /** '0' file, '2' symbolic link, '1' hard link, '3' character device, '5' folder. */
  type: '0' | '1' | '2' | '3' | '5';
  data?: Buffer;
  linkpath?: string;
  /** Size written in the header, when it should lie about the data. */
  declaredSize?: number;
}

/**
 * A tar written byte by byte (ustar headers), so a test can hold entries no packer would make:
 * `../` paths, absolute paths, links out, devices, sizes that lie, zeros after the end (which a
 * tar reader skips while the decompressor keeps making them). Compressed with bzip2.
 */
export function writeHostileTarBz2(file: string, entries: RawTarEntry[], trailingZeros = 0): void {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = e.data ?? Buffer.alloc(0);
    const header = Buffer.alloc(512);
    header.write(e.path, 0, 100, 'utf8');
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${(e.declaredSize ?? data.length).toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write(e.type, 156);
    if (e.linkpath) header.write(e.linkpath, 157, 100, 'utf8');
    header.write('ustar\0', 257);
    header.write('00', 263);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024 + trailingZeros));
  const tarFile = `${file}.tar`;
  fs.writeFileSync(tarFile, Buffer.concat(blocks));
  execFileSync('bzip2', ['-f', tarFile]);
  fs.renameSync(`${tarFile}.bz2`, file);
}

/** A pinned entry for a packed file served at `baseUrl`. */
export function pinnedFor(
  baseUrl: string,
  folder: string,
  packed: { bytes: number; sha256: string },
  voice: PinnedArchive['voice'] = {},
): PinnedArchive {
  return {
    folder,
    url: `${baseUrl}/${folder}.tar.bz2`,
    bytes: packed.bytes,
    sha256: packed.sha256,
    licence: 'test',
    voice,
  };
}

export interface ArchiveServer {
  url: string;
  /** Range headers received, in order (null when a request had none). */
  ranges: (string | null)[];
  /** The next answer of this file stops after that many bytes, with the connection cut. */
  cutNextAfter: (name: string, bytes: number) => void;
  close: () => Promise<void>;
}

/** A loopback HTTP server for a folder of archives, with byte ranges, and cut transfers on demand. */
export async function serveArchives(dir: string): Promise<ArchiveServer> {
  const ranges: (string | null)[] = [];
  const cuts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    const file = path.join(dir, path.basename(name));
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    const range = req.headers.range ?? null;
    ranges.push(range);
    const match = range ? /^bytes=(\d+)-$/.exec(range) : null;
    const start = match ? Number(match[1]) : 0;
    const body = fs.readFileSync(file).subarray(start);
    res.writeHead(match ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      ...(match ? { 'content-range': `bytes ${start}-${size - 1}/${size}` } : {}),
    });
    const cut = cuts.get(path.basename(name));
    if (cut !== undefined) {
      cuts.delete(path.basename(name));
      res.write(body.subarray(0, cut), () => res.destroy());
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ranges,
    cutNextAfter: (name, bytes) => cuts.set(name, bytes),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
