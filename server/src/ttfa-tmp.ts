import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from './db/connection';
import { createTestApp, type TestApp } from './test/test-app';
import { createTestDb } from './test/test-db';
import { usePostgres } from './test/postgres-server';
import { createUser } from './test/factories';
import { postOverSocket } from './test/hang-up';
import { startWorker, stopWorker, WORKER_ENTRY } from './test/worker-process';

const pg = await usePostgres();
const db = await createTestDb({ postgresUrl: pg.url });
const url = db.connection.databaseUrl!;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-ttfa-'));
const second = connect({ databaseUrl: url });
const inProcess = await createTestApp({ db, env: { DATA_DIR: dataDir } });
const queued = await createTestApp({
  db: { ...second, connection: db.connection, destroy: () => second.close() },
  env: { DATA_DIR: dataDir, SYNTHESIS_QUEUE: 'postgres', DATABASE_URL: url },
});
const worker = await startWorker({ entry: WORKER_ENTRY, env: { DATA_DIR: dataDir, SYNTHESIS_QUEUE: 'postgres', DATABASE_URL: url, SYNTHESIS_WORKER_CONCURRENCY: '1' } , timeoutMs: 30000});
await new Promise((r) => setTimeout(r, 3000));
const user = await createUser(inProcess, { tier: 'paid' });
const voices = (await inProcess.request({ method: 'GET', url: '/api/voices', cookie: user.cookie })).json() as { voices: { id: string }[] };
const voiceId = voices.voices[0]!.id;
let n = 0;
const ttfa = async (t: TestApp) => { const user = await createUser(inProcess, { tier: 'paid' }); return new Promise<number>((resolve, reject) => {
  const started = performance.now();
  void postOverSocket(t, { path: '/api/readings', cookie: user.cookie, body: { voiceId, text: `Line number ${++n} is read to measure the first audio.` } }, (res) => {
    if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
    res.once('data', () => resolve(performance.now() - started));
    res.resume();
  });
});};
const a: number[] = []; const b: number[] = [];
for (let i = 0; i < 24; i++) {
  await new Promise((r) => setTimeout(r, 300));
  if (i % 2) a.push(await ttfa(inProcess)); else b.push(await ttfa(queued));
  await new Promise((r) => setTimeout(r, 300));
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;
console.log('in-process', a.map(Math.round).join(' '), 'median', Math.round(med(a)));
console.log('queue     ', b.map(Math.round).join(' '), 'median', Math.round(med(b)));
await stopWorker(worker);
await queued.close(); await inProcess.close(); pg.stop();
process.exit(0);
