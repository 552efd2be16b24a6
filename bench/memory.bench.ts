/**
 * docs/glossary.md#P4: the server's memory over many generations, and its event-loop delay under the public-JSON load of docs/glossary.md#P1.
 * - RSS (from /proc, of the server process alone) while readings are generated back to back with
 *   the fastest offline voice (espeak-ng), each text different so every one is a cache miss, for
 *   BENCH_GENERATION_SECONDS (default 180): RSS after every 50, a line per 1,000 (per 100 in a
 *   short run), and the growth over 10,000 extrapolated from the least-squares slope from the
 *   1,000th generation on. Bar: < 50 MB. Growth slows after the first thousand (a
 *   4,000-generation run: 8.8 MB from the 100th to the 1,000th, then 1.2, 1.3 and 0.7 MB per
 *   1,000), so a slope taken from the 100th over a minute extrapolated 66-74 MB where the run
 *   grew 12 MB in 3,922 (decision 252). A leak grows at the same rate throughout and still shows.
 * - Event-loop delay p99 inside the server, from a monitorEventLoopDelay histogram preloaded with
 *   `node --import bench/event-loop-probe.mjs` (the product is unchanged): idle (the baseline),
 *   during the generations, and under the public-JSON load (autocannon, 50 connections, on the public voice
 *   catalogue and plans), with the server pinned to one core. Bar: p99 <= 20 ms under that load.
 * - RSS over rounds of large reads (issue 29 item 5): a 2,000,000-character script read whole four
 *   at a time and planned four at a time, BENCH_ROUNDS rounds (default 20); after a rest RSS
 *   must be within 100 MB of where it was before them.
 * The server is the production bundle, built privately.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { httpRequest, jsonHeaders, seedUsers } from '../server/src/test/real-server';
import { startProbedServer } from './probed-server';
import { failsBar, sized } from './smoke';

const GENERATION_SECONDS = Number(process.env.BENCH_GENERATION_SECONDS ?? sized(180, 2));
const CONCURRENCY = 4;
const WARM_UP = sized(100, 4);
/** The slope is fitted from here on, past the caches' filling (decision 252). */
const FIT_FROM = sized(1000, WARM_UP);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? sized(10, 1));
const BARS = { growthMb: 50, loopP99Ms: 20, roundsMb: 100 };
/** Rounds of large script reads and plans (issue 29 item 5), and the script they read. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(20, 2));
const ROUND_SCRIPT_CHARACTERS = sized(2_000_000, 100_000);
const VOICE = 'gb-male-rupert'; // espeak-ng: the quickest of the offline engines (bench/voices)

const probed = await startProbedServer('memory');
const { server, sqliteFile, loopDelay, rssMb } = probed;
const pid = server.process.pid!;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  // Enough paid users that the limit of 10 readings a minute per user (docs/glossary.md#S9) never refuses one.
  const users = seedUsers(sqliteFile, sized(2000, 20), {
    tier: 'paid',
    cookieName: '__Host-dc_session',
    emailPrefix: 'memory',
  });
  const db = new SQLite(sqliteFile, { readonly: true });
  const voice = db.prepare('select id from voices where provider_voice_id = ?').get(VOICE) as
    { id: string } | undefined;
  db.close();
  if (!voice) throw new Error(`voice ${VOICE} is not in the catalogue`);

  await loopDelay(); // start the idle phase
  await sleep(sized(3000, 300));
  const idle = await loopDelay();

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let done = 0;
  let failed = 0;
  let failure = '';
  const samples: { n: number; rss: number }[] = [];
  const generate = async (i: number) => {
    const res = await httpRequest(agent, server.url('/api/readings'), {
      method: 'POST',
      headers: jsonHeaders(users[i % users.length]!.cookie),
      body: JSON.stringify({ voiceId: voice.id, text: `Line ${i}: I never asked for thanks.` }),
    });
    if (res.status !== 200) {
      failed++;
      failure = `${res.status} ${res.body.slice(0, 200)}`;
    }
  };
  const run = async (count: number, deadline: number) => {
    let next = done;
    const end = done + count;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < end && performance.now() < deadline) {
          await generate(next++);
          done++;
          if (done % 50 === 0) samples.push({ n: done, rss: rssMb() });
        }
      }),
    );
  };

  const startRss = rssMb();
  await run(WARM_UP, Infinity);
  const warmRss = rssMb();
  await loopDelay(); // start the generation phase
  const started = performance.now();
  await run(Number.MAX_SAFE_INTEGER, started + GENERATION_SECONDS * 1000);
  const seconds = (performance.now() - started) / 1000;
  const during = await loopDelay();
  const endRss = rssMb();
  agent.destroy();

  // Least-squares slope of RSS over the count, from FIT_FROM on.
  const fit = samples.filter((s) => s.n >= FIT_FROM);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const mx = mean(fit.map((s) => s.n));
  const my = mean(fit.map((s) => s.rss));
  const slope =
    fit.reduce((a, s) => a + (s.n - mx) * (s.rss - my), 0) /
    fit.reduce((a, s) => a + (s.n - mx) ** 2, 0);
  const growth10k = slope * 10_000;

  // The public-JSON load (docs/glossary.md#P1) with the server on one core and autocannon on the other.
  execFileSync('taskset', ['-a', '-pc', '1', String(pid)], { stdio: 'ignore' });
  execFileSync('taskset', ['-a', '-pc', '0', String(process.pid)], { stdio: 'ignore' });
  await sleep(500);
  await loopDelay(); // start the public-JSON load phase
  const p1 = await autocannon({
    url: server.url('/api/voices/featured'),
    connections: 50,
    duration: LOAD_SECONDS,
    requests: [
      { method: 'GET', path: '/api/voices/featured' },
      { method: 'GET', path: '/api/plans' },
    ],
  });
  const underLoad = await loopDelay();

  const mb = (x: number) => `${x.toFixed(1)} MB`;
  const generated = done - WARM_UP;
  console.log(
    `${done} generations (${WARM_UP} warm-up, then ${generated} in ${seconds.toFixed(0)} s, ` +
      `${(generated / seconds).toFixed(1)}/s, ${CONCURRENCY} at a time, voice ${VOICE}); ` +
      `${failed} failed${failed ? ` (last: ${failure})` : ''}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores\n`,
  );
  console.log('| generations | server RSS |');
  console.log('| ----------- | ---------- |');
  console.log(`| 0 (started) | ${mb(startRss)} |`);
  console.log(`| ${WARM_UP} (warm) | ${mb(warmRss)} |`);
  const step = done >= 3000 ? 1000 : 100;
  for (const s of samples.filter((x) => x.n > WARM_UP && x.n % step === 0))
    console.log(`| ${s.n} | ${mb(s.rss)} |`);
  console.log(`| ${done} (end) | ${mb(endRss)} |`);
  // Too short a run leaves no slope to extrapolate: that is a failure to measure, not a pass.
  const growthOk = fit.length >= 3 && growth10k < BARS.growthMb;
  const loopOk = underLoad.p99 <= BARS.loopP99Ms;
  console.log(
    `\nRSS slope from generation ${FIT_FROM}: ${mb(slope * 1000)} per 1,000 generations -> ${mb(growth10k)} over 10,000 ` +
      `(${growthOk ? 'P4 memory met' : 'P4 memory NOT met'}: < ${BARS.growthMb} MB); measured growth ${mb(endRss - warmRss)} over ${generated}\n`,
  );
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log('| event-loop delay (server)               | p50    | p99    | max     | note |');
  console.log('| --------------------------------------- | ------ | ------ | ------- | ---- |');
  console.log(
    `| idle, 3 s (baseline)                    | ${ms(idle.p50)} | ${ms(idle.p99)} | ${ms(idle.max)} | |`,
  );
  console.log(
    `| during the generations                  | ${ms(during.p50)} | ${ms(during.p99)} | ${ms(during.max)} | ${CONCURRENCY} at a time |`,
  );
  console.log(
    `| P1 load, 50 connections, ${LOAD_SECONDS} s, one core | ${ms(underLoad.p50)} | ${ms(underLoad.p99)} | ${ms(underLoad.max)} | ` +
      `${p1.requests.average.toFixed(0)} req/s, p99 ${p1.latency.p99} ms, ${p1.non2xx} non-2xx; ${loopOk ? 'P4 loop met' : 'P4 loop NOT met'} (p99 <= ${BARS.loopP99Ms} ms) |`,
  );

  // Rounds of large reads and plans: four whole 2,000,000-character scripts and four plans of
  // them at once, again and again; RSS after the rounds and a rest must be back within
  // BARS.roundsMb of where it was before them.
  const reader = users[0]!;
  const roundAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const speeches: string[] = [];
  for (let i = 0, n = 0; n < ROUND_SCRIPT_CHARACTERS; i++) {
    const speech = `${['ANNA', 'BEN'][i % 2]}\nLine ${i} of the long play, said plainly and then said again.\n\n`;
    speeches.push(speech);
    n += speech.length;
  }
  const created = await httpRequest(roundAgent, server.url('/api/scripts'), {
    method: 'POST',
    headers: jsonHeaders(reader.cookie),
    body: JSON.stringify({
      title: 'Long play',
      content: speeches.join('').slice(0, ROUND_SCRIPT_CHARACTERS).trim(),
    }),
  });
  if (created.status !== 201) throw new Error(`script create: ${created.status}`);
  const scriptId = (JSON.parse(created.body) as { id: string }).id;
  await sleep(sized(3000, 300));
  const beforeRounds = rssMb();
  let roundFailures = 0;
  let peak = beforeRounds;
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        httpRequest(roundAgent, server.url(`/api/scripts/${scriptId}`), {
          headers: jsonHeaders(reader.cookie),
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        httpRequest(roundAgent, server.url('/api/rehearsal/plan'), {
          method: 'POST',
          headers: jsonHeaders(reader.cookie),
          body: JSON.stringify({ scriptId, role: 'ANNA', voices: { BEN: voice.id } }),
        }),
      ),
    ]);
    roundFailures += answers.filter((a) => a.status !== 200 && a.status !== 429).length;
    peak = Math.max(peak, rssMb());
  }
  roundAgent.destroy();
  await sleep(sized(10_000, 1000));
  const afterRounds = rssMb();
  const roundsOk = afterRounds - beforeRounds <= BARS.roundsMb;
  console.log(
    `\n| ${ROUNDS} rounds of 4 whole-script reads and 4 plans (${ROUND_SCRIPT_CHARACTERS.toLocaleString('en-US')} characters) | server RSS |`,
  );
  console.log('| --- | --- |');
  console.log(`| before the rounds | ${mb(beforeRounds)} |`);
  console.log(`| highest during them | ${mb(peak)} |`);
  console.log(
    `| after them and a rest | ${mb(afterRounds)} (${roundsOk ? 'met' : 'NOT met'}: within ${BARS.roundsMb} MB of before) |`,
  );
  if (roundFailures) console.log(`${roundFailures} round calls failed`);

  if (failsBar(!growthOk || !loopOk || !roundsOk) || failed > 0 || roundFailures > 0)
    process.exitCode = 1;
} finally {
  await probed.stop();
}
