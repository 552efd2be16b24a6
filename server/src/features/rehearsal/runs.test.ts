import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_RUNS_PER_SCRIPT,
  RUN_ROLE_MESSAGE,
  RUN_TOO_MANY_LINES_MESSAGE,
  runListSchema,
  troubleSpotsSchema,
  type RunInput,
} from '@doublecast/common/rehearsal';
import {
  MAX_SCRIPT_STORAGE_PER_USER,
  MAX_SCRIPTS_PER_USER,
  SAMPLE_SCRIPT,
  SCRIPT_COUNT_QUOTA_MESSAGE,
  SCRIPT_STORAGE_QUOTA_MESSAGE,
} from '@doublecast/common/scripts';
import { createUser, type TestUser } from '../../test/factories';
import { lastMailedToken } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

const SCENE = 'ANNA\nOne.\n\nBEN\nTwo.\n\nANNA\nThree.\n\nBEN\nFour.\n\nANNA\nFive.\n';

describe('rehearsal runs, the sample scene and the sign-in landing (issue 30)', () => {
  let t: TestApp;
  let ana: TestUser;
  let bob: TestUser;
  let scriptId: string;
  let ip = 0;
  const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
    t.request({
      method: method as 'GET',
      url,
      cookie: user?.cookie,
      remoteAddress: `10.3.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      ...(payload !== undefined ? { payload } : {}),
    });
  const run = (over: Partial<RunInput> = {}): RunInput => ({
    scriptId,
    role: 'ANNA',
    startedAt: '2026-12-01T10:00:00.000Z',
    durationMs: 61_000,
    lines: [
      { lineId: 'l1', accuracy: 1, prompted: false },
      { lineId: 'l3', accuracy: 0.5, prompted: false },
      { lineId: 'l5', accuracy: null, prompted: true },
    ],
    ...over,
  });
  const runs = async (user: TestUser, id = scriptId) => {
    const res = await call(user, 'GET', `/api/rehearsal/runs?scriptId=${id}&limit=100`);
    expect(res.statusCode).toBe(200);
    return runListSchema.parse(res.json()).runs;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t);
    bob = await createUser(t);
    const res = await call(ana, 'POST', '/api/scripts', { title: 'Five lines', content: SCENE });
    expect(res.statusCode).toBe(201);
    scriptId = (res.json() as { id: string }).id;
  });
  afterAll(() => t.close());

  it('keeps a run with its accuracy per line and lists it newest first', async () => {
    const first = await call(ana, 'POST', '/api/rehearsal/runs', run());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      role: 'ANNA',
      durationMs: 61_000,
      lineCount: 3,
      checkedCount: 2,
      accuracy: 0.75,
    });
    t.clock.advance(1000);
    const second = await call(
      ana,
      'POST',
      '/api/rehearsal/runs',
      run({ lines: [{ lineId: 'l1', accuracy: null, prompted: false }] }),
    );
    expect(second.json()).toMatchObject({ checkedCount: 0, accuracy: null });
    const list = await runs(ana);
    expect(list.map((r) => r.id)).toEqual([second.json().id, first.json().id]);
  });

  it('reads trouble spots from the latest runs: prompted or below full accuracy, worst first', async () => {
    const res = await call(
      ana,
      'GET',
      `/api/rehearsal/trouble-spots?scriptId=${scriptId}&role=ANNA`,
    );
    expect(res.statusCode).toBe(200);
    const { spots, runsRead } = troubleSpotsSchema.parse(res.json());
    expect(runsRead).toBe(2);
    expect(spots.map((s) => [s.lineId, s.misses, s.runs])).toEqual([
      ['l3', 1, 1],
      ['l5', 1, 1],
    ]);
    expect(spots[0]!.averageAccuracy).toBe(0.5);
  });

  it('refuses a run with more lines than the role has, a repeated line, or a role without lines, storing nothing', async () => {
    const before = await runs(ana);
    const tooMany = await call(
      ana,
      'POST',
      '/api/rehearsal/runs',
      run({
        lines: ['l1', 'l3', 'l5', 'l7'].map((lineId) => ({ lineId, accuracy: 1, prompted: false })),
      }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(RUN_TOO_MANY_LINES_MESSAGE);
    const repeated = await call(
      ana,
      'POST',
      '/api/rehearsal/runs',
      run({
        lines: [
          { lineId: 'l1', accuracy: 1, prompted: false },
          { lineId: 'l1', accuracy: 1, prompted: false },
        ],
      }),
    );
    expect(repeated.statusCode).toBe(400);
    const noRole = await call(ana, 'POST', '/api/rehearsal/runs', run({ role: 'CARL' }));
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().error.message).toBe(RUN_ROLE_MESSAGE);
    for (const bad of [
      run({ lines: [] }),
      run({ durationMs: -1 }),
      run({ startedAt: 'yesterday' }),
      run({ lines: [{ lineId: 'x'.repeat(30), accuracy: 1, prompted: false }] }),
      run({ lines: [{ lineId: 'l1', accuracy: 1.5, prompted: false }] }),
    ]) {
      expect((await call(ana, 'POST', '/api/rehearsal/runs', bad)).statusCode).toBe(400);
    }
    expect(await runs(ana)).toEqual(before);
  });

  it("answers 404 for another user's script or run, and changes nothing", async () => {
    const before = await runs(ana);
    const id = before[0]!.id;
    expect((await call(bob, 'POST', '/api/rehearsal/runs', run())).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/api/rehearsal/runs?scriptId=${scriptId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(bob, 'GET', `/api/rehearsal/trouble-spots?scriptId=${scriptId}&role=ANNA`))
        .statusCode,
    ).toBe(404);
    expect((await call(bob, 'DELETE', `/api/rehearsal/runs/${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/rehearsal/runs?scriptId=${scriptId}`)).statusCode).toBe(
      404,
    );
    expect((await call(null, 'GET', `/api/rehearsal/runs?scriptId=${scriptId}`)).statusCode).toBe(
      401,
    );
    expect(await runs(ana)).toEqual(before);
  });

  it('keeps at most 500 runs of a script: the oldest goes', async () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: MAX_RUNS_PER_SCRIPT }, (_, i) => ({
      id: `seeded-${String(i).padStart(4, '0')}`,
      user_id: ana.id,
      script_id: scriptId,
      role: 'ANNA',
      started_at: new Date(now + i * 1000).toISOString(),
      duration_ms: 1000,
      line_count: 1,
      checked_count: 0,
      accuracy: null,
      lines: '[{"lineId":"l1","accuracy":null,"prompted":false}]',
      created_at: new Date(now + i * 1000).toISOString(),
    }));
    await t.db.kysely.deleteFrom('rehearsal_runs').execute();
    for (let i = 0; i < rows.length; i += 100)
      await t.db.kysely
        .insertInto('rehearsal_runs')
        .values(rows.slice(i, i + 100))
        .execute();
    expect((await call(ana, 'POST', '/api/rehearsal/runs', run())).statusCode).toBe(201);
    const ids = (
      await t.db.kysely
        .selectFrom('rehearsal_runs')
        .select('id')
        .where('script_id', '=', scriptId)
        .execute()
    ).map((r) => r.id);
    expect(ids).toHaveLength(MAX_RUNS_PER_SCRIPT);
    expect(ids).not.toContain('seeded-0000');
    expect(ids).toContain('seeded-0001');
  });

  it('pages the list with a cursor and refuses a forged one', async () => {
    const page1 = await call(ana, 'GET', `/api/rehearsal/runs?scriptId=${scriptId}&limit=40`);
    const body = runListSchema.parse(page1.json());
    expect(body.runs).toHaveLength(40);
    const page2 = runListSchema.parse(
      (
        await call(
          ana,
          'GET',
          `/api/rehearsal/runs?scriptId=${scriptId}&limit=40&cursor=${body.nextCursor}`,
        )
      ).json(),
    );
    expect(page2.runs[0]!.startedAt < body.runs.at(-1)!.startedAt).toBe(true);
    const forged = await call(ana, 'GET', `/api/rehearsal/runs?scriptId=${scriptId}&cursor=abc`);
    expect(forged.statusCode).toBe(400);
  });

  it('deletes one run, then all of a script, and a deleted script takes its runs', async () => {
    const [first] = await runs(ana);
    expect((await call(ana, 'DELETE', `/api/rehearsal/runs/${first!.id}`)).statusCode).toBe(204);
    expect((await call(ana, 'DELETE', `/api/rehearsal/runs/${first!.id}`)).statusCode).toBe(404);
    expect((await call(ana, 'DELETE', `/api/rehearsal/runs?scriptId=${scriptId}`)).statusCode).toBe(
      204,
    );
    expect(await runs(ana)).toEqual([]);
    expect((await call(ana, 'POST', '/api/rehearsal/runs', run())).statusCode).toBe(201);
    expect((await call(ana, 'DELETE', `/api/scripts/${scriptId}`)).statusCode).toBe(204);
    const left = await t.db.kysely
      .selectFrom('rehearsal_runs')
      .select('id')
      .where('script_id', '=', scriptId)
      .execute();
    expect(left).toEqual([]);
  });

  describe('sign-in landing', () => {
    it('sends free users to Practice and paid users and admins to the Studio', async () => {
      const free = await createUser(t);
      const paid = await createUser(t, { tier: 'paid' });
      const admin = await createUser(t, { role: 'admin' });
      const landing = async (u: TestUser) =>
        (await call(u, 'GET', '/api/session/landing')).json() as { path: string };
      expect(await landing(free)).toEqual({ path: '/practice' });
      expect(await landing(paid)).toEqual({ path: '/studio' });
      expect(await landing(admin)).toEqual({ path: '/studio' });
      expect((await call(null, 'GET', '/api/session/landing')).statusCode).toBe(401);
    });
  });

  describe('the sample scene', () => {
    async function signUp(email: string): Promise<TestUser> {
      expect((await call(null, 'POST', '/api/auth/magic-link', { email })).statusCode).toBe(200);
      const token = lastMailedToken(t, email, '/finish-sign-up');
      const res = await call(null, 'POST', '/api/auth/magic-link/verify', { email, token });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      const who = (await call({ cookie } as TestUser, 'GET', '/api/session')).json() as {
        user: TestUser;
      };
      return { ...who.user, cookie };
    }
    const list = async (u: TestUser) =>
      (
        (await call(u, 'GET', '/api/scripts?limit=100')).json() as {
          scripts: { id: string; title: string; isSample: boolean }[];
        }
      ).scripts;

    it('is in a new account once, marked, with two speaking characters and beats', async () => {
      const u = await signUp('sample-one@example.com');
      const scripts = await list(u);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatchObject({ title: SAMPLE_SCRIPT.title, isSample: true });
      const full = (await call(u, 'GET', `/api/scripts/${scripts[0]!.id}`)).json() as {
        characters: { name: string; lineCount: number }[];
        analysis: { lines: { beats?: unknown[] }[] };
      };
      expect(full.characters.map((c) => c.name).sort()).toEqual(['JONAH', 'MAYA']);
      expect(full.analysis.lines.filter((l) => l.beats?.length).length).toBeGreaterThanOrEqual(3);
      // Signing in again adds no second sample.
      await signUp('sample-one@example.com');
      expect(await list(u)).toHaveLength(1);
    });

    it('is deletable, outside the quota, and counted once its text is the user’s own', async () => {
      const u = await signUp('sample-two@example.com');
      const [sample] = await list(u);
      const now = '2026-01-01T00:00:00.000Z';
      const rows = Array.from({ length: MAX_SCRIPTS_PER_USER - 1 }, (_, i) => ({
        id: `quota-${u.id}-${i}`,
        user_id: u.id,
        title: `Seeded ${i}`,
        content: 'A\nHi.\n',
        characters: '[]',
        analysis: null,
        tags: '[]',
        is_archived: 0,
        is_favorite: 0,
        word_count: 1,
        character_count: 6,
        created_at: now,
        updated_at: now,
        last_opened_at: null,
        stored_size: 6,
        is_sample: 0,
      }));
      for (let i = 0; i < rows.length; i += 100)
        await t.db.kysely
          .insertInto('scripts')
          .values(rows.slice(i, i + 100))
          .execute();
      // 499 of the user's own and the sample: one more fits.
      const last = await call(u, 'POST', '/api/scripts', { title: 'Last', content: SCENE });
      expect(last.statusCode).toBe(201);
      // Now the sample's new text would make it the 501st.
      const edit = await call(u, 'PUT', `/api/scripts/${sample!.id}`, {
        title: sample!.title,
        content: `${SAMPLE_SCRIPT.content}\nMAYA\nOne more.\n`,
      });
      expect(edit.statusCode).toBe(429);
      expect(edit.json().error.message).toBe(SCRIPT_COUNT_QUOTA_MESSAGE);
      const kept = await t.db.kysely
        .selectFrom('scripts')
        .select(['content', 'is_sample'])
        .where('id', '=', sample!.id)
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({ content: SAMPLE_SCRIPT.content, is_sample: 1 });
      // A rename keeps it the sample; deleting it works like any script.
      const renamed = await call(u, 'PUT', `/api/scripts/${sample!.id}`, {
        title: 'My first scene',
        content: SAMPLE_SCRIPT.content,
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ title: 'My first scene', isSample: true });
      expect((await call(u, 'DELETE', `/api/scripts/${sample!.id}`)).statusCode).toBe(204);
    });

    it('keeps its text, split and prepared lines out of the storage quota', async () => {
      const u = await signUp('sample-three@example.com');
      const [sample] = await list(u);
      // What a script keeps, as the quota counts it: its row and its prepared lines.
      const keeps = async (id: string) => {
        const row = await t.db.kysely
          .selectFrom('scripts as s')
          .leftJoin('script_rehearsal as r', 'r.script_id', 's.id')
          .select(['s.stored_size', 'r.lines_size'])
          .where('s.id', '=', id)
          .executeTakeFirstOrThrow();
        return Number(row.stored_size) + Number(row.lines_size ?? 0);
      };
      expect(await keeps(sample!.id)).toBeGreaterThan(SAMPLE_SCRIPT.content.length);
      const probe = await call(u, 'POST', '/api/scripts', { title: 'Probe', content: SCENE });
      const need = await keeps((probe.json() as { id: string }).id);
      expect((await call(u, 'DELETE', `/api/scripts/${probe.json().id}`)).statusCode).toBe(204);
      const now = '2026-01-01T00:00:00.000Z';
      await t.db.kysely
        .insertInto('scripts')
        .values({
          id: `storage-${u.id}`,
          user_id: u.id,
          title: 'Seeded',
          content: 'A\nHi.\n',
          characters: '[]',
          analysis: null,
          tags: '[]',
          is_archived: 0,
          is_favorite: 0,
          word_count: 1,
          character_count: 6,
          created_at: now,
          updated_at: now,
          last_opened_at: null,
          stored_size: MAX_SCRIPT_STORAGE_PER_USER - need,
          is_sample: 0,
        })
        .execute();
      // Exactly full without the sample: the scene fits; the next one does not.
      const fits = await call(u, 'POST', '/api/scripts', { title: 'Fits', content: SCENE });
      expect(fits.statusCode).toBe(201);
      const over = await call(u, 'POST', '/api/scripts', { title: 'Over', content: SCENE });
      expect(over.statusCode).toBe(429);
      expect(over.json().error.message).toBe(SCRIPT_STORAGE_QUOTA_MESSAGE);
    });
  });
});
