import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_PRONUNCIATIONS_PER_LIST,
  PRONUNCIATION_TEXTS,
  pronunciationListSchema,
  pronunciationSchema,
  type Pronunciation,
} from '@doublecast/common/direction';
import type { Script } from '@doublecast/common/scripts';
import { newId } from '../../lib/ids';
import { createUser, type TestUser } from '../../test/factories';
import { createFakeVoiceEngine } from '../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Runs on SQLite, and on PostgreSQL under scripts/with-postgres.sh. */

const SCENE = 'ANNA\nWhere is Siobhan?\n\nBEN\nSiobhan went home with Niamh.\n';

describe('pronunciations', () => {
  let t: TestApp;
  let engine: ReturnType<typeof createFakeVoiceEngine>;
  let dataDir: string;
  let user: TestUser;
  let other: TestUser;
  let script: Script;

  beforeAll(async () => {
    engine = createFakeVoiceEngine();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-pronunciations-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir }, engine });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    user = await createUser(t, { tier: 'free' });
    other = await createUser(t, { tier: 'free' });
    script = await newScript(user);
  });

  const newScript = async (u: TestUser): Promise<Script> =>
    (
      await t.request({
        method: 'POST',
        url: '/api/scripts',
        payload: { title: 'Home', content: SCENE },
        cookie: u.cookie,
      })
    ).json();
  const fakeTom = async () =>
    (
      await t.db.kysely
        .selectFrom('voices')
        .select('id')
        .where('provider_voice_id', '=', 'fake-tom')
        .executeTakeFirstOrThrow()
    ).id;

  const add = (u: TestUser, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/pronunciations', payload: body, cookie: u.cookie });
  const list = async (u: TestUser, scriptId?: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/pronunciations${scriptId ? `?scriptId=${scriptId}` : ''}`,
      cookie: u.cookie,
    });
    expect(res.statusCode).toBe(200);
    return pronunciationListSchema.parse(res.json()).pronunciations;
  };
  /** Words straight into the user's own list, as if added before. */
  const fillOwnList = async (count: number) => {
    const now = t.clock.now().toISOString();
    await t.db.kysely
      .insertInto('pronunciations')
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: newId(),
          user_id: user.id,
          script_id: null,
          scope: '',
          word: `word${i}`,
          word_key: `word${i}`,
          respelling: 'x',
          created_at: now,
        })),
      )
      .execute();
  };
  const benLine = () => script.analysis!.lines.find((l) => l.character === 'BEN')!;
  /** What the engine was given for BEN's line (the fake engine's audio holds the text). */
  const lineText = async (u: TestUser) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/rehearsal/line-audio',
      payload: { scriptId: script.id, lineId: benLine().id, voiceId: await fakeTom() },
      cookie: u.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body.split('|').at(-1);
  };

  it('adds to the user’s list and a script’s, lists them, and a word again is replaced', async () => {
    const own = await add(user, { word: 'Siobhan', respelling: 'shiv-AWN' });
    expect(own.statusCode).toBe(201);
    const ownEntry = pronunciationSchema.parse(own.json());
    expect(ownEntry).toMatchObject({ word: 'Siobhan', respelling: 'shiv-AWN', scriptId: null });
    expect(
      (await add(user, { word: 'niamh', respelling: 'neev', scriptId: script.id })).statusCode,
    ).toBe(201);
    const again = pronunciationSchema.parse(
      (await add(user, { word: 'SIOBHAN', respelling: 'shi-vawn' })).json(),
    );
    expect(again.id).toBe(ownEntry.id);
    expect((await list(user)).map((p) => [p.word, p.respelling])).toEqual([
      ['SIOBHAN', 'shi-vawn'],
    ]);
    expect((await list(user, script.id)).map((p) => [p.word, p.scriptId])).toEqual([
      ['SIOBHAN', null],
      ['niamh', script.id],
    ]);
  });

  it('changes what the engine is given, and espeak-ng says the respelling', async () => {
    expect(await lineText(user)).toBe('Siobhan went home with Niamh.');
    await add(user, { word: 'Siobhan', respelling: 'shiv-AWN' });
    await add(user, { word: 'Niamh', respelling: 'neev', scriptId: script.id });
    const said = await lineText(user);
    expect(said).toBe('shiv-awn went home with neev.');
    const phonemes = (text: string) =>
      execFileSync('espeak-ng', ['-q', '-x', '--stdin'], { input: text }).toString().trim();
    expect(phonemes(said!)).not.toBe(phonemes('Siobhan went home with Niamh.'));
    expect(phonemes(said!).split(/\s+/)[0]).toBe(phonemes('shiv-awn'));
    // Another user's words change nothing of this user's reading.
    await add(other, { word: 'home', respelling: 'hoam' });
    expect(await lineText(user)).toBe('shiv-awn went home with neev.');
  });

  const used = async (u: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/usage', cookie: u.cookie })).json().used as number;

  it('charges a paid line again, once, when a respelling changes what is said (decision 323)', async () => {
    const start = await used(user);
    await lineText(user);
    const once = (await used(user)) - start;
    expect(once).toBeGreaterThan(0);
    await lineText(user);
    expect(await used(user)).toBe(start + once);
    await add(user, { word: 'Niamh', respelling: 'neev', scriptId: script.id });
    expect(await lineText(user)).toBe('Siobhan went home with neev.');
    expect(await used(user)).toBe(start + 2 * once);
    await lineText(user);
    expect(await used(user)).toBe(start + 2 * once);
    // Longer said than written: charged as said.
    await add(user, { word: 'Niamh', respelling: 'nee-uv', scriptId: script.id });
    const said = await lineText(user);
    expect(said).toBe('Siobhan went home with nee-uv.');
    expect(said!.length).toBeGreaterThan(once);
    expect(await used(user)).toBe(start + 2 * once + said!.length);
  });

  it('charges a reading for what is said when respellings make it longer (decision 323)', async () => {
    const paid = await createUser(t, { tier: 'paid' });
    const long = 'al'.repeat(30);
    await add(paid, { word: 'Al', respelling: long });
    const res = await t.request({
      method: 'POST',
      url: '/api/readings',
      payload: { voiceId: await fakeTom(), text: 'Al and Al.' },
      cookie: paid.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`|${long} and ${long}.`);
    expect(await used(paid)).toBe(`${long} and ${long}.`.length);
  });

  it("respells a Studio reading with the user's words and its script's", async () => {
    const paid = await createUser(t, { tier: 'paid' });
    const own = await newScript(paid);
    await add(paid, { word: 'Siobhan', respelling: 'shiv-AWN' });
    await add(paid, { word: 'Niamh', respelling: 'neev', scriptId: own.id });
    const res = await t.request({
      method: 'POST',
      url: '/api/readings',
      payload: { voiceId: await fakeTom(), text: 'Siobhan and Niamh.', scriptId: own.id },
      cookie: paid.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('|shiv-awn and neev.');
  });

  it.each([
    [{ word: 'two words', respelling: 'x' }, PRONUNCIATION_TEXTS.wordInvalid],
    [{ word: 'a'.repeat(41), respelling: 'x' }, PRONUNCIATION_TEXTS.wordTooLong],
    [{ word: 'Siobhan', respelling: '<break time="9s"/>' }, PRONUNCIATION_TEXTS.respellingInvalid],
    [{ word: 'Siobhan', respelling: 'a'.repeat(61) }, PRONUNCIATION_TEXTS.respellingTooLong],
  ])('refuses %j with a clear message, writing nothing', async (body, message) => {
    const res = await add(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await list(user)).toEqual([]);
  });

  it('another user’s script or entry is not found, and changes nothing', async () => {
    const mine = pronunciationSchema.parse(
      (await add(user, { word: 'Niamh', respelling: 'neev', scriptId: script.id })).json(),
    );
    expect((await add(other, { word: 'x', respelling: 'y', scriptId: script.id })).statusCode).toBe(
      404,
    );
    const listed = await t.request({
      method: 'GET',
      url: `/api/pronunciations?scriptId=${script.id}`,
      cookie: other.cookie,
    });
    expect(listed.statusCode).toBe(404);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/pronunciations/${mine.id}`,
      cookie: other.cookie,
    });
    expect(removed.statusCode).toBe(404);
    expect((await list(user, script.id)).map((p) => p.id)).toEqual([mine.id]);
    const own = await t.request({
      method: 'DELETE',
      url: `/api/pronunciations/${mine.id}`,
      cookie: user.cookie,
    });
    expect(own.statusCode).toBe(204);
    expect(await list(user, script.id)).toEqual([]);
  });

  it('signed out is refused', async () => {
    const res = await t.request({ method: 'GET', url: '/api/pronunciations' });
    expect(res.statusCode).toBe(401);
  });

  it(`holds at most ${MAX_PRONUNCIATIONS_PER_LIST} words a list; a known word is still replaced`, async () => {
    await fillOwnList(MAX_PRONUNCIATIONS_PER_LIST);
    const full = await add(user, { word: 'Siobhan', respelling: 'shiv-awn' });
    expect(full.statusCode).toBe(429);
    expect(full.body).toContain(PRONUNCIATION_TEXTS.listFull);
    expect((await add(user, { word: 'WORD7', respelling: 'werd' })).statusCode).toBe(201);
    // A script's list is a list of its own.
    expect(
      (await add(user, { word: 'Siobhan', respelling: 'shiv-awn', scriptId: script.id }))
        .statusCode,
    ).toBe(201);
    expect((await list(user)).length).toBe(MAX_PRONUNCIATIONS_PER_LIST);
  });

  it('a script’s words go with it', async () => {
    await add(user, { word: 'Niamh', respelling: 'neev', scriptId: script.id });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/scripts/${script.id}`,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(204);
    const left = await t.db.kysely
      .selectFrom('pronunciations')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('two adds at once to a list with one place left keep the bound', async () => {
    await fillOwnList(MAX_PRONUNCIATIONS_PER_LIST - 1);
    const codes = (
      await Promise.all([
        add(user, { word: 'Alpha', respelling: 'al-fa' }),
        add(user, { word: 'Beta', respelling: 'bay-ta' }),
      ])
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([201, 429]);
    const rows: Pronunciation[] = await list(user);
    expect(rows.length).toBe(MAX_PRONUNCIATIONS_PER_LIST);
  });
});
