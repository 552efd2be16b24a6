import type { Readable } from 'node:stream';

/** Writes one object as its bytes arrive; nothing is visible under the key until `end`. */
export interface StorageWriter {
  /**
   * Adds bytes; resolves once the store can take more (the caller's pace follows the store's,
   * so a slow store never makes the bytes pile up in memory). Never rejects: a failure is
   * reported by `end`.
   */
  write(chunk: Buffer): Promise<void>;
  /** Finishes the object and makes it visible; resolves with its size. */
  end(): Promise<{ bytes: number }>;
  /** Throws away what was written. */
  abort(): Promise<void>;
}

/** One stored object, as `list` reports it. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where audio files live (docs/glossary.md#storage): local disk by
 * default (local-storage.ts), or an S3-compatible bucket when STORAGE_URL is s3://bucket/prefix
 * (s3-storage.ts, decision 240). Both pass the same contract tests (storage.contract.test.ts).
 */
export interface StoragePort {
  /** Where objects are kept, for logs and operators (a folder, or s3://bucket/prefix). */
  readonly location: string;
  openWriter(key: string): Promise<StorageWriter>;
  /** The object's size, without reading it; null when absent. */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * The object's bytes as a stream, or the inclusive byte range [start, end] (a range is passed to
   * the store, never cut from the whole object); `size` is always the whole object's. Null when
   * absent.
   */
  read(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * A short-lived address the browser can download the object from directly, with the given
   * attachment file name; absent when the store has none (local disk) or it is turned off.
   */
  downloadUrl?(key: string, options: { fileName: string | null }): Promise<string>;
  /**
   * Every object whose key starts with `prefix`, one at a time (never the whole listing in
   * memory), including writes that never finished (their keys end in `.part`).
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Lets go of connections (the S3 client's sockets) when the process stops. */
  close?(): void;
}
