/**
 * The looping clients of bench/rehearsal-load.bench.ts, run as a process of their own (as
 * load-generator.mjs is), so their work is never counted as the server's latency. Reads one job
 * (JSON) from stdin: the server's address, one entry per client (its users' cookies, scripts and
 * plan inputs) and the seconds to run. Each client loops: a plan of its user's script, then one
 * line's audio, then the next user. Answers are read to the end and not parsed. Writes, as
 * JSON: calls and their statuses per kind, and each kind's latency p50 and p99.
 */
import http from 'node:http';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString());

const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients.length * 2 });
const stats = { plan: { statuses: {}, ms: [] }, line: { statuses: {}, ms: [] } };

function post(path, cookie, body) {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const started = performance.now();
    const req = http.request(
      `${job.url}${path}`,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          'content-length': String(Buffer.byteLength(data)),
          cookie,
        },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(data);
  });
}

function count(kind, answer) {
  const s = stats[kind];
  s.statuses[answer.status] = (s.statuses[answer.status] ?? 0) + 1;
  s.ms.push(answer.ms);
}

const deadline = performance.now() + job.seconds * 1000;
await Promise.all(
  job.clients.map(async (client) => {
    for (let turn = 0; performance.now() < deadline; turn++) {
      const user = client.users[turn % client.users.length];
      count('plan', await post('/api/rehearsal/plan', user.cookie, user.plan));
      if (performance.now() >= deadline) break;
      const lineId = user.lineIds[turn % user.lineIds.length];
      count(
        'line',
        await post('/api/rehearsal/line-audio', user.cookie, {
          scriptId: user.plan.scriptId,
          lineId,
          voiceId: user.voiceId,
        }),
      );
    }
  }),
);
agent.destroy();

const percentile = (xs, p) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
process.stdout.write(
  JSON.stringify(
    Object.fromEntries(
      Object.entries(stats).map(([kind, s]) => [
        kind,
        {
          statuses: s.statuses,
          calls: s.ms.length,
          p50: percentile(s.ms, 50),
          p99: percentile(s.ms, 99),
        },
      ]),
    ),
  ),
);
