import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Parser, type ReadEntry } from 'tar';

/** The archive may not be unpacked; nothing of it is kept. */
export class UnsafeArchiveError extends Error {}

export interface UnpackOptions {
  archive: string;
  /** The one top folder every entry must sit in (`vits-piper-en_US-norman-medium/...`). */
  folder: string;
  /** An empty folder to unpack into (the top folder's contents land here). */
  into: string;
  maxBytes: number;
  maxEntries?: number;
}

export interface UnpackResult {
  /** Relative path -> size of every regular file written. */
  files: Record<string, number>;
}

const SKIPPED_META = new Set([
  'ExtendedHeader',
  'GlobalExtendedHeader',
  'NextFileHasLongPath',
  'NextFileHasLongLinkpath',
  'OldGnuLongPath',
]);

/**
 * Unpacks a .tar.bz2 archive safely (docs/decisions/280): Debian's bzip2 decompresses in its own
 * process and node-tar's parser reads the entries, each checked before anything is written:
 * - a path must be relative, inside the one top folder, without `..`;
 * - only regular files, folders and links are accepted; a symbolic link must point inside the
 *   folder and is made after every file (so no entry is ever written through a link), a hard
 *   link must name a file of the same archive; devices and FIFOs refuse the archive;
 * - the bytes unpacked (declared and counted) and the number of entries are capped, and the
 *   decompressor is stopped as soon as its output passes the cap.
 * Files are written with modes 0644 and folders 0755 whatever the archive says. On any refusal
 * the caller removes `into`.
 */
export async function unpackTarBz2(options: UnpackOptions): Promise<UnpackResult> {
  const root = path.resolve(options.into);
  const maxEntries = options.maxEntries ?? 20_000;
  const files: Record<string, number> = {};
  const links: { at: string; target: string; kind: 'symbolic' | 'hard' }[] = [];
  const writes: Promise<void>[] = [];
  let entries = 0;
  let declared = 0;
  let failure: Error | null = null;

  const bzip2 = spawn('bzip2', ['-dc'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const parser = new Parser({ strict: true });
  let stderr = '';
  bzip2.stderr.on('data', (d: Buffer) => (stderr += d.toString()).slice(0, 2000));
  const fail = (e: Error) => {
    failure ??= e;
    bzip2.kill('SIGKILL');
  };

  const inside = (relative: string): string => {
    const target = path.resolve(root, relative);
    if (target !== root && !target.startsWith(root + path.sep))
      throw new UnsafeArchiveError(`an entry points outside the folder (${relative})`);
    return target;
  };
  /** The entry's path inside the top folder, or throws for anything else. */
  const relativeOf = (entryPath: string): string => {
    const raw = entryPath.replace(/^\.\//, '');
    if (raw.includes('\0') || path.isAbsolute(raw) || /^[a-zA-Z]:/.test(raw))
      throw new UnsafeArchiveError(`an entry has an absolute path (${entryPath})`);
    const parts = raw.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
    if (parts.includes('..')) throw new UnsafeArchiveError(`an entry climbs out (${entryPath})`);
    if (parts[0] !== options.folder)
      throw new UnsafeArchiveError(`an entry is not in ${options.folder}/ (${entryPath})`);
    return parts.slice(1).join('/');
  };

  const onEntry = (entry: ReadEntry) => {
    try {
      if (failure) throw failure;
      if (SKIPPED_META.has(entry.type)) return entry.resume();
      if (++entries > maxEntries)
        throw new UnsafeArchiveError(`the archive holds more than ${maxEntries} entries`);
      const relative = relativeOf(entry.path);
      const target = inside(relative);
      if (entry.type === 'Directory') {
        fs.mkdirSync(target, { recursive: true, mode: 0o755 });
        return entry.resume();
      }
      if (relative === '') throw new UnsafeArchiveError('the top folder is not a folder');
      if (entry.type === 'SymbolicLink' || entry.type === 'Link') {
        const linkpath = entry.linkpath ?? '';
        if (!linkpath || path.isAbsolute(linkpath))
          throw new UnsafeArchiveError(`a link points outside the folder (${entry.path})`);
        const pointsAt =
          entry.type === 'SymbolicLink'
            ? inside(path.relative(root, path.resolve(path.dirname(target), linkpath)))
            : inside(relativeOf(linkpath));
        links.push({
          at: target,
          target: entry.type === 'SymbolicLink' ? linkpath : pointsAt,
          kind: entry.type === 'SymbolicLink' ? 'symbolic' : 'hard',
        });
        return entry.resume();
      }
      if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile')
        throw new UnsafeArchiveError(`the archive holds a ${entry.type} (${entry.path})`);
      declared += entry.size;
      if (declared > options.maxBytes)
        throw new UnsafeArchiveError(`the archive unpacks to more than ${options.maxBytes} bytes`);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
      const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o644 });
      writes.push(
        new Promise<void>((resolve, reject) => {
          out.on('error', reject);
          out.on('close', () => {
            if (out.bytesWritten !== entry.size)
              reject(new UnsafeArchiveError(`${entry.path} is cut short`));
            else resolve();
          });
        }),
      );
      files[relative] = entry.size;
      entry.pipe(out);
    } catch (e) {
      entry.resume();
      fail(e instanceof Error ? e : new Error(String(e)));
    }
  };
  parser.on('entry', onEntry);
  // The parser has ended (all entries read) or failed; either way nothing more comes.
  const parsed = new Promise<void>((resolve) => {
    parser.on('end', () => resolve());
    parser.on('close', () => resolve());
    parser.on('error', () => resolve());
  });
  parser.on('error', (e: Error) =>
    fail(new UnsafeArchiveError(`the archive is damaged: ${e.message}`)),
  );
  parser.on('warn', (_code: string, message: string) =>
    fail(new UnsafeArchiveError(`the archive is damaged: ${message}`)),
  );

  let decompressed = 0;
  bzip2.stdout.on('data', (chunk: Buffer) => {
    decompressed += chunk.length;
    // Each entry adds a header and padding (at most 1 KiB), the end a record's padding.
    if (decompressed > options.maxBytes + (entries + 1) * 1024 + 1024 * 1024)
      fail(new UnsafeArchiveError(`the archive unpacks to more than ${options.maxBytes} bytes`));
  });
  bzip2.stdout.pipe(parser as unknown as NodeJS.WritableStream);
  // After the end-of-archive blocks the parser takes nothing more (it would never drain): what
  // the decompressor still makes is only counted, so a bomb of trailing zeros hits the cap.
  parser.on('eof', () => {
    bzip2.stdout.unpipe(parser as unknown as NodeJS.WritableStream);
    parser.end();
    bzip2.stdout.resume();
  });
  const input = fs.createReadStream(options.archive);
  input.on('error', (e) => fail(e));
  input.pipe(bzip2.stdin);
  bzip2.stdin.on('error', () => undefined);

  const exit = await new Promise<number | null>((resolve, reject) => {
    bzip2.on('error', (e) =>
      reject(new Error(`bzip2 could not run (${e.message}); apt-get install bzip2`)),
    );
    bzip2.on('close', (code) => resolve(code));
  });
  await parsed;
  const settled = await Promise.allSettled(writes);
  if (failure) throw failure;
  if (exit !== 0)
    throw new UnsafeArchiveError(
      `the archive is not bzip2 data (${stderr.trim() || `exit ${exit}`})`,
    );
  const broken = settled.find((s) => s.status === 'rejected');
  if (broken) throw (broken as PromiseRejectedResult).reason;
  if (Object.keys(files).length === 0) throw new UnsafeArchiveError('the archive holds no files');

  // Links last, so no file above was written through one.
  for (const link of links) {
    fs.mkdirSync(path.dirname(link.at), { recursive: true, mode: 0o755 });
    if (link.kind === 'symbolic') fs.symlinkSync(link.target, link.at);
    else {
      if (!fs.lstatSync(link.target, { throwIfNoEntry: false })?.isFile())
        throw new UnsafeArchiveError('a hard link names no file of the archive');
      fs.linkSync(link.target, link.at);
    }
  }
  return { files };
}
