import type { Readable } from 'node:stream';

/** Writes one object as its bytes arrive; nothing is visible under the key until `end`. */
export interface StorageWriter {
  write(chunk: Buffer): void;
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
 * Where audio files live (docs/glossary.md#storage). The local disk
 * adapter is the default; an S3-compatible adapter can implement the same five calls.
 */
export interface StoragePort {
  openWriter(key: string): Promise<StorageWriter>;
  /** The object's bytes, or the inclusive byte range [start, end]; null when absent. */
  read(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  readAll(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix`, one at a time (never the whole listing in
   * memory), including writes that never finished (their keys end in `.part`).
   */
  list(prefix: string): AsyncIterable<StoredObject>;
}
