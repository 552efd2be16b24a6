import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { voiceListSchema, type Voice } from '@doublecast/common/voices';
import type { VoiceProviderMetricsTable } from '../db/schema-voices';
import { createUser } from './factories';
import { readAll } from './fake-voice-engine';
import { createTestApp, type TestApp } from './test-app';

/**
 * The journeys every optional voice engine must pass once it is configured beside the offline
 * engines: its voices in the one catalogue, a rehearsal line read with one, and a synthesis
 * made once, recorded with its engine and then served from the cache.
 */

/** The public catalogue, or the signed-in user's voices when a cookie is given. */
export async function listVoices(t: TestApp, cookie?: string): Promise<Voice[]> {
  const url = cookie ? '/api/voices' : '/api/voices/featured';
  return voiceListSchema.parse((await t.request({ method: 'GET', url, cookie })).json()).voices;
}

/** A free user reads a two-line scene; the partner's line is read in the engine's voice. */
export async function expectPartnerLineRead(
  t: TestApp,
  voice: { name: string; engine: Voice['engine'] },
): Promise<void> {
  const user = await createUser(t, { tier: 'free' });
  const voices = await listVoices(t, user.cookie);
  const found = voices.find((v) => v.name === voice.name && v.engine === voice.engine)!;
  const script = (
    await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload: {
        title: 'Kitchen',
        content: 'ANNA\nAre you coming?\n\nBEN\nIn a minute, I said.\n',
      },
      cookie: user.cookie,
    })
  ).json() as { id: string; analysis: { lines: { id: string; character: string }[] } };
  const line = script.analysis.lines.find((l) => l.character === 'BEN')!;
  const res = await t.request({
    method: 'POST',
    url: '/api/rehearsal/line-audio',
    payload: { scriptId: script.id, lineId: line.id, voiceId: found.id },
    cookie: user.cookie,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('audio/mpeg');
  expect(res.rawPayload.length).toBeGreaterThan(0);
}

/**
 * A paid user's text is synthesised in the engine's voice (request id `<requestId>-1`), then
 * the same request again comes from the cache (`<requestId>-2`). Returns the first's audio
 * length and metric row, for the engine's own checks.
 */
export async function expectSynthesisedOnceThenCached(
  t: TestApp,
  voice: { name: string; engine: Voice['engine'] },
  text: string,
  requestId: string,
): Promise<{ bytes: number; metric: VoiceProviderMetricsTable }> {
  const user = await createUser(t, { tier: 'paid' });
  const voices = await listVoices(t, user.cookie);
  const found = voices.find((v) => v.name === voice.name && v.engine === voice.engine)!;
  const request = {
    text,
    voiceId: found.id,
    settings: { speed: 1, stability: 0.5, similarity: 0.5 },
    userId: user.id,
    requestId: `${requestId}-1`,
  };
  const first = await t.ctx.synthesis.synthesize(request);
  const bytes = (await readAll(first.audio)).length;
  await first.done;
  const second = await t.ctx.synthesis.synthesize({ ...request, requestId: `${requestId}-2` });
  expect(second.cached).toBe(true);
  await readAll(second.audio);
  const metric = await t.db.kysely
    .selectFrom('voice_provider_metrics')
    .selectAll()
    .where('request_id', '=', `${requestId}-1`)
    .executeTakeFirstOrThrow();
  return { bytes, metric };
}

/** Starts an app on a fresh data folder with `env`, runs `use`, and removes both. */
export async function withEngineApp(
  env: Record<string, string>,
  use: (t: TestApp) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-engine-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir, ...env } });
  try {
    await use(t);
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
