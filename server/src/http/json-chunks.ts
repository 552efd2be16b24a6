import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';

/**
 * JSON (or text) up to this many characters is read, parsed or sent in one turn of the event
 * loop: linear work on 32 KB takes well under 5 ms. Larger goes to a worker or out in chunks.
 */
export const INLINE_JSON_LIMIT = 32 * 1024;

/** Small enough that encoding, compressing or writing one chunk is a short turn. */
const CHUNK = 64 * 1024;
/** Chunks made in one turn: a fast reader (loopback) would otherwise take them all at once. */
const CHUNKS_PER_TURN = 4;

/**
 * A large JSON answer (a 2 MB script is a 4 MB answer) as a stream of 64 KB chunks: sent whole,
 * the answer would be encoded, copied by the compression plugin and written in one turn of the
 * event loop each, tens of milliseconds apiece; in chunks each turn does a little.
 */
export function jsonChunks(parts: readonly (string | Uint8Array)[]): Readable {
  return Readable.from(inTurns(chunks(parts)), { objectMode: false });
}

async function* inTurns(source: Iterable<Buffer>): AsyncGenerator<Buffer> {
  let made = 0;
  for (const chunk of source) {
    if (made > 0 && made % CHUNKS_PER_TURN === 0) await setImmediate();
    made++;
    yield chunk;
  }
}

function* chunks(parts: readonly (string | Uint8Array)[]): Generator<Buffer> {
  for (const part of parts) {
    if (typeof part === 'string') {
      for (let at = 0; at < part.length;) {
        let end = Math.min(part.length, at + CHUNK);
        // Never between the two halves of a surrogate pair.
        const last = part.charCodeAt(end - 1);
        if (end < part.length && last >= 0xd800 && last <= 0xdbff) end--;
        yield Buffer.from(part.slice(at, end));
        at = end;
      }
    } else {
      for (let at = 0; at < part.byteLength; at += CHUNK)
        yield Buffer.from(part.buffer, part.byteOffset + at, Math.min(CHUNK, part.byteLength - at));
    }
  }
}
