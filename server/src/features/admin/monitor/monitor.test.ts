import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MONITOR_MAX_STREAMS_PER_ADMIN,
  MONITOR_RANGE_HOURS,
  MONITOR_RANGES,
  MONITOR_TEXTS,
  monitorCardsSchema,
  monitorHourlySchema,
  monitorProvidersSchema,
  monitorRecentRequestSchema,
  monitorRecentSchema,
  monitorTopVoicesSchema,
  monitorTrendsSchema,
  type MonitorRange,
} from '@doublecast/common/monitor';
import { newId } from '../../../lib/ids';
import { createFakeVoiceEngine } from '../../../test/fake-voice-engine';
import { createUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { splitWindow, wholeDays } from './monitor.repository';

/** Not on an hour, so every range has partial hours at both ends. */
const NOW = '2026-03-15T12:34:56.789Z';
const HOUR = 3600_000;
const PANELS = ['cards', 'trends', 'hourly', 'voices', 'recent', 'providers', 'events'];

interface Row {
  id: string;
  at: number;
  voice: string;
  provider: string;
  userId: string | null;
  characters: number;
  latency: number;
  error: string | null;
  stability: number | null;
  similarity: number | null;
  cost: number;
}

describe('admin monitor panels', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  const rows: Row[] = [];
  const now = Date.parse(NOW);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, engine: createFakeVoiceEngine() });
    admin = await createUser(t, { role: 'admin' });
    user = await createUser(t);
    // A pseudo-random but repeatable spread over 35 days, dense near both ends of every range.
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const voices = ['voice-aaaaaa-1', 'voice-bbbbbb-2', 'voice-cccccc-3', 'voice-dddddd-4'];
    const edges = [0, 24, 24 * 7, 24 * 30].map((h) => now - h * HOUR);
    for (let i = 0; i < 400; i++) {
      const near = edges[i % edges.length]!;
      const at =
        i % 3 === 0
          ? Math.round(now - rand() * 35 * 24 * HOUR)
          : Math.round(near - 2 * HOUR + rand() * 4 * HOUR);
      if (at > now) continue;
      const voice = voices[Math.floor(rand() * rand() * voices.length)]!;
      const provider = voice.endsWith('4') ? 'elevenlabs' : 'local';
      const characters = 1 + Math.floor(rand() * 900);
      const failed = rand() < 0.15;
      rows.push({
        id: newId(),
        at,
        voice,
        provider,
        userId: i % 5 === 0 ? null : `user-${i}-abcdefghij`,
        characters,
        latency: Math.floor(rand() * 5000),
        error: failed ? `unavailable: the engine did not answer in time (${i})` : null,
        stability: i % 7 === 0 ? null : Math.round(rand() * 100) / 100,
        similarity: i % 7 === 0 ? null : Math.round(rand() * 100) / 100,
        cost: provider === 'elevenlabs' && !failed ? (characters / 1000) * 0.18 : 0,
      });
    }
    for (const r of rows) {
      await t.db.kysely
        .insertInto('voice_provider_metrics')
        .values({
          id: r.id,
          provider: r.provider,
          user_id: r.userId,
          request_id: newId(),
          provider_request_id: null,
          voice_id: r.voice,
          voice_name: `Name of ${r.voice}`,
          character_count: r.characters,
          latency_ms: r.latency,
          first_byte_ms: null,
          status: r.error ? 'error' : 'success',
          error: r.error,
          credits_used: null,
          cost_usd: r.cost,
          endpoint: 'text-to-speech',
          model_id: null,
          request_metadata:
            r.stability === null
              ? '{}'
              : JSON.stringify({
                  voice_settings: { stability: r.stability, similarity_boost: r.similarity },
                }),
          created_at: new Date(r.at).toISOString(),
        })
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, who: TestUser = admin) => {
    const res = await t.request({ method: 'GET', url, cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json();
  };
  const inRange = (range: MonitorRange) =>
    rows.filter((r) => r.at >= now - MONITOR_RANGE_HOURS[range] * HOUR && r.at <= now);
  const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

  it('refuses signed-out callers (401) and non-admins (403) on every monitor route', async () => {
    for (const p of PANELS) {
      const url = `/api/admin/monitor/${p}`;
      const out = await t.request({ method: 'GET', url });
      expect(out.statusCode, url).toBe(401);
      const res = await t.request({ method: 'GET', url, cookie: user.cookie });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
    }
  });

  it('refuses an unknown range with the one error shape', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/monitor/cards?range=1y',
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });

  it('splits a range into whole rollup hours and partial hours read from the rows', () => {
    expect(
      splitWindow({ from: '2026-03-14T12:34:56.789Z', to: '2026-03-15T12:34:56.790Z' }),
    ).toEqual({ a: '2026-03-14T13:00:00.000Z', b: '2026-03-15T12:00:00.000Z' });
    expect(wholeDays('2026-03-14T13:00:00.000Z', '2026-03-17T12:00:00.000Z')).toEqual({
      da: '2026-03-15T00:00:00.000Z',
      db: '2026-03-17T00:00:00.000Z',
    });
    expect(wholeDays('2026-03-14T13:00:00.000Z', '2026-03-15T12:00:00.000Z')).toEqual({
      da: '2026-03-15T12:00:00.000Z',
      db: '2026-03-15T12:00:00.000Z',
    });
    // No whole hour inside: everything from the rows.
    const short = { from: '2026-03-15T12:10:00.000Z', to: '2026-03-15T12:50:00.000Z' };
    expect(splitWindow(short)).toEqual({ a: short.to, b: short.to });
  });

  it.each(MONITOR_RANGES)('cards for %s agree with the metric rows', async (range) => {
    const cards = monitorCardsSchema.parse(
      await get(`/api/admin/monitor/cards${range === '24h' ? '' : `?range=${range}`}`),
    );
    const rs = inRange(range);
    const errors = rs.filter((r) => r.error).length;
    const characters = rs.reduce((s, r) => s + r.characters, 0);
    const cost = rs.reduce((s, r) => s + r.cost, 0);
    expect(cards.range).toBe(range);
    expect(cards.totalRequests).toBe(rs.length);
    expect(rs.length).toBeGreaterThan(20);
    expect(cards.errors).toBe(errors);
    expect(cards.totalCharacters).toBe(characters);
    expect(cards.successRate).toBe(round(((rs.length - errors) / rs.length) * 100, 1));
    expect(cards.averageLatencySeconds).toBe(
      round(rs.reduce((s, r) => s + r.latency, 0) / rs.length / 1000, 2),
    );
    expect(cards.averageStability).toBe(
      round(rs.reduce((s, r) => s + (r.stability ?? 0.5), 0) / rs.length, 2),
    );
    expect(cards.averageSimilarity).toBe(
      round(rs.reduce((s, r) => s + (r.similarity ?? 0.5), 0) / rs.length, 2),
    );
    expect(cards.totalCostUsd).toBeCloseTo(cost, 4);
    expect(cards.costPerCharacterUsd).toBeCloseTo(cost / characters, 9);
    const local = cards.byEngine.find((e) => e.engine === 'local');
    expect(local?.costUsd).toBe(0);
    expect(cards.byEngine.reduce((s, e) => s + e.requests, 0)).toBe(rs.length);
  });

  it('trends: rolling 24 hours, 7 days and 30 days of characters and cost', async () => {
    const trends = monitorTrendsSchema.parse(await get('/api/admin/monitor/trends'));
    const sums = (range: MonitorRange) => ({
      requests: inRange(range).length,
      characters: inRange(range).reduce((s, r) => s + r.characters, 0),
      cost: inRange(range).reduce((s, r) => s + r.cost, 0),
    });
    for (const [key, range] of [
      ['daily', '24h'],
      ['weekly', '7d'],
      ['monthly', '30d'],
    ] as const) {
      const want = sums(range);
      expect(trends[key].requests, key).toBe(want.requests);
      expect(trends[key].characters, key).toBe(want.characters);
      expect(trends[key].costUsd, key).toBeCloseTo(want.cost, 4);
    }
  });

  it.each(MONITOR_RANGES)('hourly buckets for %s: at most 24, by UTC hour', async (range) => {
    const hourly = monitorHourlySchema.parse(await get(`/api/admin/monitor/hourly?range=${range}`));
    expect(hourly.buckets.length).toBeLessThanOrEqual(24);
    const want = new Map<number, { requests: number; characters: number; errors: number }>();
    for (const r of inRange(range)) {
      const h = new Date(r.at).getUTCHours();
      const b = want.get(h) ?? { requests: 0, characters: 0, errors: 0 };
      b.requests++;
      b.characters += r.characters;
      if (r.error) b.errors++;
      want.set(h, b);
    }
    expect(new Map(hourly.buckets.map(({ hour, ...b }) => [hour, b]))).toEqual(want);
    const hours = hourly.buckets.map((b) => b.hour);
    if (range === '24h') {
      // Oldest first, ending with the current hour.
      expect(hours.at(-1)).toBe(12);
      expect(hours[0]).toBeGreaterThan(12);
    } else {
      expect(hours).toEqual([...hours].sort((a, b) => a - b));
    }
  });

  it.each(MONITOR_RANGES)('top voices for %s: requests, characters and share', async (range) => {
    const res = monitorTopVoicesSchema.parse(await get(`/api/admin/monitor/voices?range=${range}`));
    const rs = inRange(range);
    const byVoice = new Map<string, { requests: number; characters: number }>();
    for (const r of rs) {
      const v = byVoice.get(r.voice) ?? { requests: 0, characters: 0 };
      v.requests++;
      v.characters += r.characters;
      byVoice.set(r.voice, v);
    }
    const want = [...byVoice.entries()]
      .sort((a, b) => b[1].requests - a[1].requests || a[0].localeCompare(b[0]))
      .map(([id, v]) => ({
        name: `Name of ${id}`,
        shortId: id.slice(0, 6),
        ...v,
        share: round((v.requests / rs.length) * 100, 1),
      }));
    expect(res.voices).toEqual(want);
  });

  it('top voices show the display name the voice has now', async () => {
    // A voice in the catalogue shows its current display name.
    const voice = await t.db.kysely.selectFrom('voices').select(['id']).executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('voices')
      .set({ display_name: 'Renamed Voice' })
      .where('id', '=', voice.id)
      .execute();
    await t.db.kysely
      .insertInto('voice_provider_metrics')
      .values({
        id: newId(),
        provider: 'local',
        user_id: null,
        request_id: newId(),
        provider_request_id: null,
        voice_id: voice.id,
        voice_name: 'Old Name',
        character_count: 5,
        latency_ms: 10,
        first_byte_ms: null,
        status: 'success',
        error: null,
        credits_used: null,
        cost_usd: 0,
        endpoint: 'text-to-speech',
        model_id: null,
        request_metadata: '{}',
        created_at: new Date(now - 10 * 24 * HOUR).toISOString(),
      })
      .execute();
    const after = monitorTopVoicesSchema.parse(await get('/api/admin/monitor/voices?range=30d'));
    expect(after.voices.find((v) => v.shortId === voice.id.slice(0, 6))?.name).toBe(
      'Renamed Voice',
    );
    rows.push({
      id: 'renamed',
      at: now - 10 * 24 * HOUR,
      voice: voice.id,
      provider: 'local',
      userId: null,
      characters: 5,
      latency: 10,
      error: null,
      stability: null,
      similarity: null,
      cost: 0,
    });
  });

  it('recent requests: the newest 20 of the range with short ids and errors cut at 30', async () => {
    const res = monitorRecentSchema.parse(await get('/api/admin/monitor/recent'));
    const want = inRange('24h')
      .sort((a, b) => b.at - a.at)
      .slice(0, 20);
    expect(res.requests.map((r) => r.id)).toEqual(want.map((r) => r.id));
    for (const [i, r] of res.requests.entries()) {
      const w = want[i]!;
      expect(r.shortUserId).toBe(w.userId?.slice(0, 8) ?? null);
      expect(r.characters).toBe(w.characters);
      expect(r.latencySeconds).toBe(round(w.latency / 1000, 2));
      expect(r.success).toBe(!w.error);
      expect(r.error).toBe(w.error?.slice(0, 30) ?? null);
      if (r.error) expect(r.error).toHaveLength(30);
    }
  });

  it('an empty range answers zeros and empty lists', async () => {
    const empty = await createTestApp({ now: NOW, engine: createFakeVoiceEngine() });
    try {
      const who = await createUser(empty, { role: 'admin' });
      const read = async (p: string) =>
        (
          await empty.request({ method: 'GET', url: `/api/admin/monitor/${p}`, cookie: who.cookie })
        ).json();
      expect(monitorCardsSchema.parse(await read('cards'))).toMatchObject({
        totalRequests: 0,
        totalCharacters: 0,
        successRate: 0,
        averageLatencySeconds: 0,
        averageStability: 0,
        totalCostUsd: 0,
        costPerCharacterUsd: 0,
        byEngine: [],
      });
      expect((await read('hourly')).buckets).toEqual([]);
      expect((await read('voices')).voices).toEqual([]);
      expect((await read('recent')).requests).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('names the configured engines and their prices', async () => {
    const res = monitorProvidersSchema.parse(await get('/api/admin/monitor/providers'));
    expect(res.providers).toEqual([
      { engine: 'local', label: 'Basic (offline)', usdPer1000Characters: 0 },
    ]);
    expect(res.name).toBe('voice provider');
    expect(MONITOR_TEXTS.loading(res.name)).toBe('Loading voice provider API metrics...');
  });
});

/** Reads server-sent events from a live server until `until` says stop or the time is up. */
function openStream(port: number, cookie: string) {
  const events: { event: string; data: string }[] = [];
  const waiters: (() => void)[] = [];
  let status = 0;
  let closed = false;
  const req = http.get({
    host: '127.0.0.1',
    port,
    path: '/api/admin/monitor/events',
    headers: { cookie, accept: 'text/event-stream', 'sec-fetch-site': 'same-origin' },
  });
  const ready = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ?? '' });
          waiters.splice(0).forEach((w) => w());
        }
        if (events.some((e) => e.event === 'ready')) resolve(status);
      });
      res.on('end', () => {
        closed = true;
        resolve(status);
        waiters.splice(0).forEach((w) => w());
      });
    });
    req.on('error', reject);
  });
  return {
    ready,
    events,
    get closed() {
      return closed;
    },
    async next(event: string, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => e.event === event);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0 || closed) throw new Error(`no "${event}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    abort: () => req.destroy(),
  };
}

describe('admin monitor real-time stream', () => {
  let t: TestApp;
  let dataDir: string;
  let port: number;
  let admin: TestUser;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-monitor-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir }, engine: createFakeVoiceEngine() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("pushes a new generation's metric within 1 s, and lets go of everything on abort", async () => {
    const stream = openStream(port, admin.cookie);
    expect(await stream.ready).toBe(200);
    expect(t.ctx.metricEvents.subscriberCount()).toBe(1);

    const actor = await createUser(t, { tier: 'paid' });
    const voice = await t.db.kysely
      .selectFrom('voices')
      .select(['id', 'name'])
      .where('provider_voice_id', '=', 'fake-tom')
      .executeTakeFirstOrThrow();
    const made = await t.request({
      method: 'POST',
      url: '/api/readings',
      cookie: actor.cookie,
      payload: { voiceId: voice.id, text: 'A line the monitor should see at once.' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const event = await stream.next('metric', 1000);
    const pushed = monitorRecentRequestSchema.parse(JSON.parse(event.data));
    expect(pushed).toMatchObject({
      shortUserId: actor.id.slice(0, 8),
      voiceName: voice.name,
      characters: 'A line the monitor should see at once.'.length,
      success: true,
      error: null,
    });

    stream.abort();
    await expect.poll(() => t.ctx.metricEvents.subscriberCount(), { timeout: 2000 }).toBe(0);
  });

  it(`allows ${MONITOR_MAX_STREAMS_PER_ADMIN} streams per admin, then 429; a closed one frees its place`, async () => {
    const streams = [];
    for (let i = 0; i < MONITOR_MAX_STREAMS_PER_ADMIN; i++) {
      const s = openStream(port, admin.cookie);
      expect(await s.ready).toBe(200);
      streams.push(s);
    }
    const refused = await t.request({
      method: 'GET',
      url: '/api/admin/monitor/events',
      cookie: admin.cookie,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MONITOR_TEXTS.tooManyStreams);
    // Another admin has places of their own.
    const other = await createUser(t, { role: 'admin' });
    const theirs = openStream(port, other.cookie);
    expect(await theirs.ready).toBe(200);

    streams.pop()!.abort();
    await expect
      .poll(() => t.ctx.metricEvents.subscriberCount(), { timeout: 2000 })
      .toBe(MONITOR_MAX_STREAMS_PER_ADMIN);
    const again = openStream(port, admin.cookie);
    expect(await again.ready).toBe(200);
    for (const s of [...streams, theirs, again]) s.abort();
    await expect.poll(() => t.ctx.metricEvents.subscriberCount(), { timeout: 2000 }).toBe(0);
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp({ engine: createFakeVoiceEngine() });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherAdmin = await createUser(other, { role: 'admin' });
    const s = openStream((other.app.server.address() as AddressInfo).port, otherAdmin.cookie);
    expect(await s.ready).toBe(200);
    await other.close();
    await expect.poll(() => s.closed, { timeout: 2000 }).toBe(true);
    expect(other.ctx.metricEvents.subscriberCount()).toBe(0);
  });
});
