import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';

/** The host could not be reached at all (no network, DNS, refused): nothing to resume. */
export class UnreachableError extends Error {}
/** The archive is not the pinned one (size or SHA-256): it was deleted. */
export class IntegrityError extends Error {}

export interface DownloadProgress {
  received: number;
  total: number;
}

export interface DownloadOptions {
  url: string;
  /** Where the bytes go while they come (`.part`); kept on failure so the next run resumes. */
  partFile: string;
  bytes: number;
  sha256: string;
  onProgress?: (progress: DownloadProgress) => void;
  /** The server sent nothing for this long: the attempt ends (the next run resumes it). */
  idleTimeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Fetches a pinned file into `partFile`, resuming what an earlier run left there with an HTTP
 * Range request, and checks its size and SHA-256 as it comes. Resolves once the whole file is
 * there and verified. An archive that is not the pinned one is deleted (IntegrityError); a
 * transfer cut short keeps its part for the next run (Error); no connection at all is an
 * UnreachableError.
 */
export async function downloadPinned(options: DownloadOptions): Promise<void> {
  const { partFile, bytes } = options;
  const state = { hash: createHash('sha256'), have: 0 };
  await hashExisting(partFile, state, bytes);
  if (state.have < bytes) await fetchRest(options, state);
  if (state.have !== bytes) {
    await fs.promises.rm(partFile, { force: true });
    throw new IntegrityError(`the download has ${state.have} bytes, not the pinned ${bytes}`);
  }
  const digest = state.hash.digest('hex');
  if (digest !== options.sha256) {
    await fs.promises.rm(partFile, { force: true });
    throw new IntegrityError(`its SHA-256 is ${digest}, not the pinned ${options.sha256}`);
  }
}

interface State {
  hash: Hash;
  have: number;
}

/** Hashes what an earlier run left; a part longer than the file is thrown away. */
async function hashExisting(partFile: string, state: State, bytes: number): Promise<void> {
  const size = (await fs.promises.stat(partFile).catch(() => null))?.size ?? 0;
  if (size > bytes) await fs.promises.rm(partFile, { force: true });
  if (size === 0 || size > bytes) return;
  for await (const chunk of fs.createReadStream(partFile)) state.hash.update(chunk as Buffer);
  state.have = size;
}

async function fetchRest(options: DownloadOptions, state: State): Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const idle = options.idleTimeoutMs ?? 30_000;
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), idle);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), idle);
  };
  const from = state.have;
  let response: Response;
  try {
    response = await fetchImpl(options.url, {
      headers: from > 0 ? { range: `bytes=${from}-` } : {},
      signal: controller.signal,
      redirect: 'follow',
    });
  } catch (e) {
    clearTimeout(timer);
    throw new UnreachableError(`${new URL(options.url).host} could not be reached (${reason(e)})`);
  }
  try {
    if (response.status === 200) {
      // The whole file again (the server ignores ranges): start from nothing.
      state.hash = createHash('sha256');
      state.have = 0;
    } else if (response.status === 206) {
      const range = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '');
      if (!range || Number(range[1]) !== from)
        throw new Error('the server answered another part of the file than was asked');
    } else {
      throw new Error(`the server answered ${response.status}`);
    }
    if (!response.body) throw new Error('the server sent no body');
    const out = fs.createWriteStream(options.partFile, { flags: state.have === 0 ? 'w' : 'a' });
    try {
      for await (const chunk of response.body) {
        touch();
        if (state.have + chunk.byteLength > options.bytes) {
          await fs.promises.rm(options.partFile, { force: true });
          throw new IntegrityError('the server sends more than the pinned size');
        }
        state.have += chunk.byteLength;
        state.hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        options.onProgress?.({ received: state.have, total: options.bytes });
      }
    } catch (e) {
      if (e instanceof IntegrityError) throw e;
      throw new Error(
        `the transfer stopped at ${state.have} of ${options.bytes} bytes (${reason(e)})`,
      );
    } finally {
      await new Promise<void>((resolve) => out.end(() => resolve()));
    }
  } finally {
    clearTimeout(timer);
  }
}

function reason(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e as Error).message;
}
