import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { StoragePort, StorageWriter } from './storage.types';

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Files under one root folder (DATA_DIR/audio by default); keys are relative paths. */
export function createLocalStorage(root: string): StoragePort {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    // Keys are built by the server, but a key never leaves the root whatever it holds.
    const file = path.resolve(base, key);
    if (!KEY_PATTERN.test(key) || key.includes('..') || !file.startsWith(base + path.sep)) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    return file;
  };
  return {
    async openWriter(key): Promise<StorageWriter> {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.part`;
      const out = fs.createWriteStream(temp);
      let bytes = 0;
      let failure: Error | null = null;
      out.on('error', (e) => {
        failure = e;
      });
      const closed = () =>
        new Promise<void>((resolve, reject) => {
          if (out.closed) return failure ? reject(failure) : resolve();
          out.once('close', () => (failure ? reject(failure) : resolve()));
        });
      return {
        write(chunk) {
          bytes += chunk.length;
          out.write(chunk);
        },
        async end() {
          out.end();
          await closed();
          await fs.promises.rename(temp, file);
          return { bytes };
        },
        async abort() {
          out.destroy();
          await closed().catch(() => undefined);
          await fs.promises.rm(temp, { force: true });
        },
      };
    },
    async read(key, range) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      const stream = range
        ? fs.createReadStream(file, { start: range.start, end: range.end })
        : fs.createReadStream(file);
      return { stream, size: stat.size };
    },
    async readAll(key) {
      return fs.promises.readFile(fileOf(key)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
