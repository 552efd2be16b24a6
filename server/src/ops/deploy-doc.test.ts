import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../env';

describe('docs/deploy.md', () => {
  it('lists every setting the server reads', () => {
    const doc = fs.readFileSync(path.resolve('docs/deploy.md'), 'utf8');
    const missing = Object.keys(envSchema.shape).filter((key) => !doc.includes(`| \`${key}\` |`));
    expect(missing).toEqual([]);
  });
});
