import { AppError } from '../../lib/app-error';

export const IMPORT_BUSY_MESSAGE =
  'Too many files are being imported right now. Please try again in a moment.';
export const IMPORT_RUNNING_MESSAGE =
  'Your previous file is still being imported. Please wait for it to finish.';

export interface ImportQueue {
  /**
   * Runs one file's extraction (a PDF's text, and later a scan's recognised text): at most
   * `concurrency` at once in this process, `maxQueue` waiting in order, one per user at a time.
   * Beyond those, resource-exhausted at once.
   */
  run<T>(userId: string, extract: () => Promise<T>): Promise<T>;
  stats(): { running: number; queued: number };
}

/**
 * The bounded queue every import's extraction goes through (decision 264): the extraction tools
 * (pdftotext) are processes of their own that take a core each, so the process runs few at a
 * time, and one account cannot hold more than one place.
 */
export function createImportQueue(options: { concurrency: number; maxQueue: number }): ImportQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const users = new Set<string>();
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(userId, extract) {
      if (users.has(userId))
        throw new AppError('resource-exhausted', IMPORT_RUNNING_MESSAGE, undefined, {
          'retry-after': '5',
        });
      if (running >= options.concurrency && waiting.length >= options.maxQueue)
        throw new AppError('resource-exhausted', IMPORT_BUSY_MESSAGE, undefined, {
          'retry-after': '5',
        });
      users.add(userId);
      try {
        if (running < options.concurrency) running++;
        else await new Promise<void>((resolve) => waiting.push(resolve));
        try {
          return await extract();
        } finally {
          release();
        }
      } finally {
        users.delete(userId);
      }
    },
    stats: () => ({ running, queued: waiting.length }),
  };
}

/** The server's import queue: one extraction at a time, eight waiting. */
export const importQueue = createImportQueue({ concurrency: 1, maxQueue: 8 });
