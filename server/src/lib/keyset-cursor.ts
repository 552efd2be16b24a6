import { z } from 'zod';
import { AppError } from './app-error';

export const INVALID_CURSOR_MESSAGE = 'This list position is not valid. Please reload the list.';

const cursorSchema = z.tuple([z.string().min(1).max(40), z.string().min(1).max(64)]);

/** A keyset page's position: the last row's (time, id) as base64url JSON. */
export function encodeCursor(time: string, id: string): string {
  return Buffer.from(JSON.stringify([time, id])).toString('base64url');
}

/** Reads a position made by encodeCursor; anything else is refused as invalid-argument. */
export function decodeCursor(cursor: string): { time: string; id: string } {
  try {
    const [time, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { time, id };
  } catch {
    throw new AppError('invalid-argument', INVALID_CURSOR_MESSAGE);
  }
}
