import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';

/**
 * Content-addressed MP3 store on disk: <dir>/<sha256>.mp3, written to a temp name and renamed,
 * so a reader never sees half a file and a crash leaves no broken entry.
 */
export interface AudioCache {
  keyFor(parts: unknown): string;
  /**
   * The stored file held open, or null when it is missing or empty: its size and one read of it
   * stay right however the entry is removed or replaced meanwhile (a fresh preview).
   */
  open(key: string): Promise<StoredAudio | null>;
  write(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface StoredAudio {
  size: number;
  /** The file, or its inclusive byte range [start, end]; once, and it closes the file. */
  read(range?: { start: number; end: number }): Readable;
  /** Closes the file when it will not be read. */
  close(): Promise<void>;
}

export function createAudioCache(dir: string): AudioCache {
  const file = (key: string) => path.join(dir, `${key}.mp3`);
  return {
    keyFor: (parts) => createHash('sha256').update(JSON.stringify(parts)).digest('hex'),
    async open(key) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file(key), 'r');
      } catch {
        return null;
      }
      const { size } = await handle.stat().catch(async (e: unknown) => {
        await handle.close();
        throw e;
      });
      if (size === 0) {
        await handle.close();
        return null;
      }
      return {
        size,
        read: (range) => handle.createReadStream({ ...range, autoClose: true }),
        close: () => handle.close(),
      };
    },
    async write(key, data) {
      await fs.promises.mkdir(dir, { recursive: true });
      const tmp = `${file(key)}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(tmp, data);
        await fs.promises.rename(tmp, file(key));
      } catch (e) {
        await fs.promises.rm(tmp, { force: true });
        throw e;
      }
    },
    async remove(key) {
      await fs.promises.rm(file(key), { force: true });
    },
  };
}

/**
 * One synthesis shared by everyone who asks for the same audio while it is being made: each
 * subscriber gets the bytes so far, then the rest as they arrive.
 */
export class SharedAudio {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private ended = false;
  private error: Error | null = null;
  private readonly subscribers = new Set<PassThrough>();
  /** Called when the last subscriber has gone before the end. */
  onAbandoned: (() => void) | null = null;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    for (const s of this.subscribers) s.write(chunk);
  }

  /** Everything received so far, as one buffer. */
  collect(): Buffer {
    return Buffer.concat(this.chunks, this.bytes);
  }

  end(): void {
    this.ended = true;
    for (const s of this.subscribers) s.end();
    this.subscribers.clear();
  }

  fail(error: Error): void {
    this.error = error;
    for (const s of this.subscribers) s.destroy(error);
    this.subscribers.clear();
  }

  get size(): number {
    return this.bytes;
  }

  subscribe(signal?: AbortSignal): PassThrough {
    const out = new PassThrough();
    // A failure reaches readers through their own error handlers (pipe, async iteration); a
    // subscriber that never reads must not crash the process.
    out.on('error', () => undefined);
    if (this.error) {
      process.nextTick(() => out.destroy(this.error!));
      return out;
    }
    for (const c of this.chunks) out.write(c);
    if (this.ended) {
      out.end();
      return out;
    }
    this.subscribers.add(out);
    const leave = () => {
      if (!this.subscribers.delete(out)) return;
      if (this.subscribers.size === 0 && !this.ended) this.onAbandoned?.();
    };
    out.on('close', leave);
    signal?.addEventListener(
      'abort',
      () => {
        out.destroy();
        leave();
      },
      { once: true },
    );
    return out;
  }
}
