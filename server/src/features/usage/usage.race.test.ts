import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { sumLedger } from './usage.repository';

const run = promisify(execFile);
const worker = path.join(import.meta.dirname, '../../test/usage-race.worker.ts');

/**
 * docs/glossary.md#R1: 8 separate processes, each with its own connection to the same database, race to spend one
 * user's 10,000 characters. A read-then-write version over-grants here; the conditional UPDATE
 * must grant nothing past the limit, and the counter must equal the ledger.
 */
describe('allowance race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date().toISOString() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('8 racing processes never pass the monthly limit and the counter equals the ledger', async () => {
    const user = await createUser(t, { tier: 'free' });
    const sizes = [37, 120, 250, 400, 61, 333, 199, 5];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        run(
          process.execPath,
          [
            '--import',
            'tsx',
            worker,
            JSON.stringify({
              connection: t.db.connection,
              userId: user.id,
              worker: w,
              requests: 60,
              sizes: sizes.slice(w % 3),
            }),
          ],
          { timeout: 120_000 },
        ).then(
          (r) => JSON.parse(r.stdout) as { granted: number; refused: number; refunded: number },
        ),
      ),
    );
    const month = new Date().toISOString().slice(0, 7);
    const counter = await t.db.kysely
      .selectFrom('usage_counters')
      .select('used')
      .where('user_id', '=', user.id)
      .where('month', '=', month)
      .executeTakeFirstOrThrow();
    const granted = results.reduce((s, r) => s + r.granted, 0);
    const refused = results.reduce((s, r) => s + r.refused, 0);
    const refunded = results.reduce((s, r) => s + r.refunded, 0);
    expect(Number(counter.used)).toBeLessThanOrEqual(10_000);
    expect(Number(counter.used)).toBe(granted);
    expect(await sumLedger(t.db.kysely, user.id, month)).toBe(Number(counter.used));
    // The race really happened: requests were refused, refunds ran, and the allowance was used up
    // to within one request of the limit.
    expect(refused).toBeGreaterThan(0);
    expect(refunded).toBeGreaterThan(0);
    expect(Number(counter.used)).toBeGreaterThan(9_000);
  }, 180_000);
});
