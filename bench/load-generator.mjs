/**
 * The load generator of bench/http-load.ts's loadWithCookies, run as a process of its own: it
 * reads one job (JSON) from stdin, runs autocannon and writes its result (JSON) to stdout. In its
 * own process the generator has its own heap and event loop, so neither the benchmark's garbage
 * collection nor its other work (seeding, reading the server's log pipe) is counted as the
 * server's latency: with autocannon inside the benchmark, /healthz, which does nothing, showed a
 * p99 of 20 ms at a p50 of 1 ms (decision 248).
 *
 * Each connection cycles through its own slice of the cookies (autocannon gives every connection
 * the whole request list and builds it when the connection is made: 1,000 requests times 50
 * connections held the generator for about half a second while the first answers waited, a
 * 500 ms maximum in every run). Together the connections still ask for every user in turn.
 */
import autocannon from 'autocannon';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { url, cookies, connections, duration, headers } = JSON.parse(
  Buffer.concat(chunks).toString(),
);

const request = (cookie) => ({ method: 'GET', headers: { ...headers, cookie } });
const slices = Array.from({ length: Math.min(connections, cookies.length) }, (_, i) =>
  cookies.filter((_, j) => j % connections === i).map(request),
);
let next = 0;
const r = await autocannon({
  url,
  connections,
  duration,
  requests: slices[0],
  setupClient: (client) => client.setRequests(slices[next++ % slices.length]),
});
process.stdout.write(
  JSON.stringify({
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }),
);
