import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';

/** docs/glossary.md#S1: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane); the PHC string carries them. */
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum, spelled as its value for isolated modules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters than today's (re-hash at sign-in). */
export function needsRehash(phc: string): boolean {
  try {
    const o = parseOptions(phc);
    return (
      o.algorithm !== ARGON2_PARAMS.algorithm ||
      o.memoryCost !== ARGON2_PARAMS.memoryCost ||
      o.timeCost !== ARGON2_PARAMS.timeCost ||
      o.parallelism !== ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}
