import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { drained } from './drained';
import { isStorageKey } from './storage-keys';
import type { StoragePort, StoredObject, StorageWriter } from './storage.types';

/** Files under one root folder (DATA_DIR/audio by default); keys are relative paths. */
export function createLocalStorage(root: string): StoragePort {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    // Keys are built by the server, but a key never leaves the root whatever it holds.
    const file = path.resolve(base, key);
    if (!isStorageKey(key) || !file.startsWith(base + path.sep)) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    return file;
  };
  return {
    location: base,
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
          return out.write(chunk) ? Promise.resolve() : drained(out, closed());
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
    async stat(key) {
      const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size } : null;
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
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    list(prefix) {
      return walk(base, prefix);
    },
  };
}

/** The files under `base` whose relative path starts with `prefix`, folder by folder. */
async function* walk(base: string, prefix: string): AsyncGenerator<StoredObject> {
  // Start in the deepest folder the prefix names, so a user's prefix never reads other folders.
  const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
  if (folder && !isStorageKey(folder)) {
    throw new Error(`Invalid storage prefix: ${prefix}`);
  }
  const pending = [path.join(base, folder)];
  while (pending.length) {
    const dir = pending.pop()!;
    const entries = await fs.promises.opendir(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (!entries) continue;
    for await (const entry of entries) {
      const full = path.join(dir, entry.name);
      const key = path.relative(base, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) pending.push(full);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const stat = await fs.promises.stat(full).catch(() => null);
        if (stat) yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    }
  }
}
