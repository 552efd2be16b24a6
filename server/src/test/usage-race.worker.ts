/**
 * One racer of the allowance race test (usage.race.test.ts): its own connection to the same
 * database, many reservations as fast as it can, some of them refunded. Prints a JSON summary.
 * Arguments: a JSON object { connection, userId, worker, requests, sizes }.
 */
import { connect } from '../db/connection';
import { systemClock } from '../lib/clock';
import { refundReservation, reserveCharacters } from '../features/usage/usage.service';

const args = JSON.parse(process.argv[2] ?? '{}') as {
  connection: { databaseUrl?: string; sqliteFile?: string };
  userId: string;
  worker: number;
  requests: number;
  sizes: number[];
};
const db = connect({ ...args.connection, maxConnections: 1 });
const ctx = { db, clock: systemClock };
let granted = 0;
let refused = 0;
let refunded = 0;
for (let i = 0; i < args.requests; i++) {
  const characters = args.sizes[i % args.sizes.length]!;
  try {
    const r = await reserveCharacters(ctx, {
      userId: args.userId,
      characters,
      idempotencyKey: `w${args.worker}-${i}`,
      action: 'generation',
      voiceId: 'v',
    });
    if (r.replayed) throw new Error('a fresh key was replayed');
    granted += characters;
    if (i < 30 && i % 7 === 3) {
      const { refunded: ok } = await refundReservation(ctx, { reservationId: r.reservationId });
      if (ok) {
        granted -= characters;
        refunded += characters;
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code !== 'resource-exhausted') throw e;
    refused++;
  }
}
await db.close();
process.stdout.write(JSON.stringify({ granted, refused, refunded }));
