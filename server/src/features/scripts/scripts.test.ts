import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHARACTER_NOT_FOUND_MESSAGE,
  LINE_NOT_FOUND_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_UNREADABLE_MESSAGE,
  IMPORT_NO_SPEECH_MESSAGE,
  IMPORT_UNSUPPORTED_MESSAGE,
  MAX_SCRIPT_CHARACTERS,
  MAX_SCRIPT_STORAGE_PER_USER,
  MAX_SCRIPTS_PER_USER,
  SCRIPT_COUNT_QUOTA_MESSAGE,
  SCRIPT_STORAGE_QUOTA_MESSAGE,
  SPLIT_MISMATCH_MESSAGE,
  MAX_PDF_PAGES,
  PDF_TEXT_TOO_LARGE_MESSAGE,
  importEncodingMessage,
  SCRIPT_CHANGED_MESSAGE,
  SCRIPT_CONTENT_REQUIRED,
  SCRIPT_TITLE_REQUIRED,
  scriptImportResultSchema,
  scriptListSchema,
  scriptSchema,
  type Script,
  type ScriptImportResult,
  type ScriptList,
} from '@doublecast/common/scripts';
import { suggestVoices } from '@doublecast/common/rehearsal';
import { makePdf } from '../../test/fixtures/pdf';
import { pdfTextTuning } from './pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';
import { textPdf } from '../../test/text-pdf';
import { INLINE_JSON_LIMIT } from '../../http/json-chunks';
import { scriptReader } from './script-reader';

const corpus = (name: string) =>
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../../common/src/script-parser/corpus', name),
  );

describe('scripts', () => {
  let t: TestApp;
  let ana: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { tier: 'free' });
    ben = await createUser(t, { tier: 'paid' });
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('scripts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = async (user: TestUser, payload: Record<string, unknown>) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Script;
  };
  const list = async (user: TestUser, query = '') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/scripts${query}`,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as ScriptList).scripts;
  };

  it('refuses signed-out callers', async () => {
    expect((await t.request({ method: 'GET', url: '/api/scripts' })).statusCode).toBe(401);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/scripts',
          payload: { title: 'x', content: 'y' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it.each([
    [{ title: '', content: 'ANNA\nHi.' }, SCRIPT_TITLE_REQUIRED],
    [{ title: 'T', content: '   ' }, SCRIPT_CONTENT_REQUIRED],
  ])('refuses %j and stores nothing', async (payload, message) => {
    const before = await count();
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload,
      cookie: ana.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid-argument', message });
    expect(await count()).toBe(before);
  });

  it('answers as its declared schemas say, the JSON made by the reading included', async () => {
    const u = await createUser(t);
    const send = async (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH',
      url: string,
      payload?: object,
    ) => {
      const res = await t.request({ method, url, payload, cookie: u.cookie });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
      return res.json();
    };
    const made = scriptSchema
      .strict()
      .parse(
        await send('POST', '/api/scripts', { title: 'Shape', content: 'ANNA\nHello.\nBEN\nHi.' }),
      );
    const url = `/api/scripts/${made.id}`;
    scriptSchema.strict().parse(await send('GET', url));
    scriptSchema
      .strict()
      .parse(await send('PUT', url, { title: 'Shape 2', content: 'ANNA\nHey.' }));
    scriptSchema
      .strict()
      .parse(await send('POST', `${url}/rename-character`, { from: 'ANNA', to: 'ANN' }));
    scriptSchema.strict().parse(await send('PATCH', `${url}/archive`, { isArchived: true }));
    const file = Buffer.from('ANNA\nHello.\n').toString('base64');
    scriptImportResultSchema
      .strict()
      .parse(await send('POST', '/api/scripts/import', { fileName: 'x.fountain', data: file }));
    scriptListSchema.strict().parse(await send('GET', '/api/scripts?archived=true'));
  });

  it('answers a large create, save and import with the bytes a read of the script gives', async () => {
    const u = await createUser(t);
    // Over the inline limit, so the reading worker makes the content's JSON; with quotes,
    // backslashes, a line separator, accents, emoji and a lone surrogate (stored as U+FFFD).
    const scene = (who: string) =>
      `${who}\n"Zoë said \\ no" \u2028 — café 🎭 \ud800 ${'la '.repeat(20)}\n\n`;
    const big = (who: string) => scene(who).repeat(Math.ceil(40_000 / scene(who).length));
    const sameAsRead = async (res: Awaited<ReturnType<TestApp['request']>>) => {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const id = (res.json() as { id: string }).id;
      const read = await t.request({ method: 'GET', url: `/api/scripts/${id}`, cookie: u.cookie });
      const { summary: _summary, ...answer } = res.json() as Record<string, unknown>;
      expect(answer).toEqual(read.json());
      return { id, body: res.body, read: read.body };
    };
    const made = await sameAsRead(
      await t.request({
        method: 'POST',
        url: '/api/scripts',
        payload: { title: 'Big', content: big('ANNA') },
        cookie: u.cookie,
      }),
    );
    expect(made.body).toBe(made.read);
    const saved = await sameAsRead(
      await t.request({
        method: 'PUT',
        url: `/api/scripts/${made.id}`,
        payload: { title: 'Big 2', content: big('BEN'), tags: ['x'] },
        cookie: u.cookie,
      }),
    );
    expect(saved.body).toBe(saved.read);
    const imported = await sameAsRead(
      await t.request({
        method: 'POST',
        url: '/api/scripts/import',
        payload: {
          fileName: 'big.fountain',
          data: Buffer.from(big('CARA')).toString('base64'),
        },
        cookie: u.cookie,
      }),
    );
    expect(JSON.parse(imported.body)).toMatchObject({ summary: { characters: 1 } });
  });

  it('creates a script with counts, unique tags, the line split and the characters', async () => {
    const content = 'INT. KITCHEN - DAY\n\nANNA\nPass the salt.\n\nBEN\n(sighing)\nAgain?\n';
    const s = await create(ana, { title: ' Kitchen ', content, tags: ['Drama', 'drama', ' duo '] });
    expect(s).toMatchObject({
      title: 'Kitchen',
      content,
      tags: ['Drama', 'duo'],
      isArchived: false,
      wordCount: 11,
      characterCount: content.length,
      createdAt: '2026-03-15T12:00:00.000Z',
      characters: [
        { name: 'ANNA', lineCount: 1 },
        { name: 'BEN', lineCount: 1 },
      ],
    });
    expect(s.analysis?.lines.map((l) => [l.kind, l.character, l.text, l.direction])).toEqual([
      ['heading', null, 'INT. KITCHEN - DAY', null],
      ['dialogue', 'ANNA', 'Pass the salt.', null],
      ['dialogue', 'BEN', 'Again?', '(sighing)'],
    ]);
    const again = await t.request({
      method: 'GET',
      url: `/api/scripts/${s.id}`,
      cookie: ana.cookie,
    });
    expect(again.json()).toEqual(s);
  });

  it('suggests a man\u2019s voice for JONAH and a woman\u2019s for MAYA in a pasted scene', async () => {
    const s = await create(ana, {
      title: 'Platform',
      content: 'MAYA\nYou came back.\n\nJONAH\nI missed the train.\n\nMAYA\nOn purpose?\n',
    });
    expect(s.characters).toEqual([
      { name: 'MAYA', lineCount: 2, gender: 'female', age: null },
      { name: 'JONAH', lineCount: 1, gender: 'male', age: null },
    ]);
    const voices = [
      { id: 'woman', labels: { gender: 'female' as const }, category: 'women' as const },
      { id: 'man', labels: { gender: 'male' as const }, category: 'men' as const },
    ];
    expect(suggestVoices(s.characters, voices, 'MAYA')).toEqual({ JONAH: 'man' });
    expect(suggestVoices(s.characters, voices, 'JONAH')).toEqual({ MAYA: 'woman' });
  });

  it("casts SAM as a man and the script's GIRL and OLD MAN by age, each with a voice of their own", async () => {
    const s = await create(ana, {
      title: 'Porch',
      content:
        'INT. PORCH - NIGHT\n\nSAM sits on the step. GRANDPA ED (70s) rocks in his chair.\n\n' +
        'SAM\nYou awake?\n\nGRANDPA ED\nAlways.\n\nLITTLE GIRL\nMe too!\n\nMAYA\nHush.\n',
    });
    const byName = Object.fromEntries(s.characters.map((c) => [c.name, [c.gender, c.age]]));
    expect(byName).toEqual({
      SAM: ['male', null],
      'GRANDPA ED': ['male', 'old'],
      'LITTLE GIRL': ['female', 'child'],
      MAYA: ['female', null],
    });
    const v = (
      id: string,
      gender: 'male' | 'female',
      age: string,
      category: 'men' | 'women' | 'children',
    ) => ({
      id,
      labels: { gender, age },
      category,
      engine: 'neural',
    });
    const voices = [
      v('woman', 'female', 'young adult', 'women'),
      v('old-man', 'male', 'old', 'men'),
      v('girl', 'female', 'child', 'children'),
      v('man', 'male', 'young adult', 'men'),
      v('woman-2', 'female', 'middle', 'women'),
    ];
    expect(suggestVoices(s.characters, voices, '')).toEqual({
      SAM: 'man',
      'GRANDPA ED': 'old-man',
      'LITTLE GIRL': 'girl',
      MAYA: 'woman',
    });
  });

  it('keeps corrections to the line split until the content changes', async () => {
    const s = await create(ana, { title: 'Fix me', content: 'ANNA\nOne.\n\nANA\nTwo.\n' });
    expect(s.characters.map((c) => c.name)).toEqual(['ANNA', 'ANA']);
    const corrected = {
      ...s.analysis!,
      lines: s.analysis!.lines.map((l) =>
        l.character === 'ANA' ? { ...l, character: 'ANNA' } : l,
      ),
    };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/scripts/${s.id}`,
      payload: { title: 'Fix me', content: s.content, tags: [], analysis: corrected },
      cookie: ana.cookie,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().characters).toEqual([
      { name: 'ANNA', lineCount: 2, gender: 'female', age: null },
    ]);

    const retitled = await t.request({
      method: 'PUT',
      url: `/api/scripts/${s.id}`,
      payload: { title: 'Fixed', content: s.content },
      cookie: ana.cookie,
    });
    expect(retitled.json().characters).toEqual([
      { name: 'ANNA', lineCount: 2, gender: 'female', age: null },
    ]);

    const rewritten = await t.request({
      method: 'PUT',
      url: `/api/scripts/${s.id}`,
      payload: { title: 'Fixed', content: 'BEN\nNew text.\n' },
      cookie: ana.cookie,
    });
    expect(rewritten.json().characters).toEqual([
      { name: 'BEN', lineCount: 1, gender: 'male', age: null },
    ]);
    expect(rewritten.json().wordCount).toBe(3);
  });

  it('refuses a line split far larger than its text, storing nothing (issue 29 item 3)', async () => {
    // An 11-character script carrying a 15 MB split of lines that say nothing.
    const lines = Array.from({ length: 1500 }, (_, i) => ({
      id: `l${i}`,
      kind: 'action',
      character: null,
      text: '.'.repeat(10_000),
      direction: null,
      spoken: false,
      dual: false,
    }));
    const before = await count();
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload: JSON.stringify({
        title: 'Tiny',
        content: 'ANNA\nHello.',
        analysis: { format: 'plain', lines },
      }),
      cookie: ana.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid-argument', message: SPLIT_MISMATCH_MESSAGE });
    expect(await count()).toBe(before);

    // Nor may a save carry one, or a split whose lines say what the text does not.
    const s = await create(ana, { title: 'Tiny', content: 'ANNA\nHello.' });
    for (const analysis of [
      { format: 'plain', lines },
      {
        ...s.analysis!,
        lines: s.analysis!.lines.map((l) =>
          l.kind === 'dialogue' ? { ...l, text: 'Goodbye.' } : l,
        ),
      },
    ]) {
      const saved = await t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Tiny', content: s.content, analysis },
        cookie: ana.cookie,
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().error.message).toBe(SPLIT_MISMATCH_MESSAGE);
    }
    const stored = await t.db.kysely
      .selectFrom('scripts')
      .select(['analysis', 'stored_size'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.analysis!)).toEqual(s.analysis);
    // What the quota counts is what is kept: the text, its split and the rest.
    expect(Number(stored.stored_size)).toBeGreaterThan(stored.analysis!.length + s.content.length);
  });

  /** The stored script beside a new one made from its text: their splits must be the same. */
  const storedAndFresh = async (user: TestUser, id: string) => {
    const stored = (
      await t.request({ method: 'GET', url: `/api/scripts/${id}`, cookie: user.cookie })
    ).json() as Script;
    const fresh = await create(user, { title: 'Fresh', content: stored.content });
    return { stored, fresh };
  };

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * Holds the next reading of a script until `release()`: the request that asked for it has read
   * the row by then (`held` resolves), and another request can change the row meanwhile.
   */
  const holdNextReading = () => {
    let heldNow = () => {};
    let releaseNow = () => {};
    const held = new Promise<void>((resolve) => (heldNow = resolve));
    const gate = new Promise<void>((resolve) => (releaseNow = resolve));
    const read = scriptReader.read.bind(scriptReader);
    vi.spyOn(scriptReader, 'read').mockImplementationOnce(async (job) => {
      heldNow();
      const outcome = await read(job);
      await gate;
      return outcome;
    });
    return { held, release: () => releaseNow() };
  };

  it('keeps each text with its own line split when saves of two texts race (decision 127)', async () => {
    const u = await createUser(t);
    const first = 'ANNA\nOne.\n\nBEN\nTwo.\n';
    const second = 'CLARA\nThree.\n\nDAN\nFour, and more.\n\nCLARA\nFive.\n';
    const s = await create(u, { title: 'Race', content: first });
    const put = (content: string) =>
      t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Race', content },
        cookie: u.cookie,
      });
    // A save of the same text (it keeps the stored split) reads the row; a save of new text and
    // its split lands before the first one writes.
    const reading = holdNextReading();
    const keeping = put(first);
    await reading.held;
    expect((await put(second)).statusCode).toBe(200);
    reading.release();
    expect((await keeping).statusCode).toBe(200);

    const { stored, fresh } = await storedAndFresh(u, s.id);
    expect(stored.content).toBe(first);
    expect(stored.analysis).toEqual(fresh.analysis);
    expect(stored.characters).toEqual(fresh.characters);
    expect([stored.wordCount, stored.characterCount]).toEqual([
      fresh.wordCount,
      fresh.characterCount,
    ]);
    expect(((await keeping).json() as Script).analysis).toEqual(fresh.analysis);
  });

  it('keeps a rename made while a save of the same text waits', async () => {
    const u = await createUser(t);
    const content = 'ANNA\nOne.\n\nBEN\nTwo.\n';
    const s = await create(u, { title: 'Race', content });
    const reading = holdNextReading();
    const saving = t.request({
      method: 'PUT',
      url: `/api/scripts/${s.id}`,
      payload: { title: 'Renamed meanwhile', content },
      cookie: u.cookie,
    });
    await reading.held;
    const renamed = await t.request({
      method: 'POST',
      url: `/api/scripts/${s.id}/rename-character`,
      payload: { from: 'ANNA', to: 'Ann' },
      cookie: u.cookie,
    });
    expect(renamed.statusCode).toBe(200);
    reading.release();
    const saved = (await saving).json() as Script;
    expect(saved.title).toBe('Renamed meanwhile');
    expect(saved.characters.map((c) => c.name)).toEqual(['ANN', 'BEN']);
  });

  it('searches title, content and tags case-insensitively, treating % and _ literally', async () => {
    const u = await createUser(t);
    const a = await create(u, {
      title: 'Night Shift',
      content: 'MAYA\nGo home.',
      tags: ['Hospital'],
    });
    const b = await create(u, {
      title: 'Kitchen',
      content: 'ANNA\nPASS the salt. 100% sure.',
      tags: ['comedy'],
    });
    const c = await create(u, { title: 'Pub', content: 'JO\nLast orders.', tags: ['DRAMA_club'] });
    const ids = async (q: string) =>
      (await list(u, `?search=${encodeURIComponent(q)}`)).map((s) => s.id).sort();
    expect(await ids('night')).toEqual([a.id]);
    expect(await ids('pass THE')).toEqual([b.id]);
    expect(await ids('hospital')).toEqual([a.id]);
    expect(await ids('drama_')).toEqual([c.id]);
    expect(await ids('0%')).toEqual([b.id]);
    expect(await ids('%')).toEqual([b.id]);
    expect(await ids('_')).toEqual([c.id]);
    expect(await ids('nothing like this')).toEqual([]);
    expect(await ids('')).toEqual([a.id, b.id, c.id].sort());
  });

  describe('list pages (issue 10 item 6)', () => {
    const page = async (user: TestUser, query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/scripts${query}`,
        cookie: user.cookie,
      });
      expect(res.statusCode, query).toBe(200);
      return res.json() as ScriptList;
    };

    it('pages newest change first with a cursor, each script once, previews only', async () => {
      const u = await createUser(t);
      const long = `ANNA\n${'Words and more words. '.repeat(7_000)}`;
      const made: Script[] = [];
      for (let i = 0; i < 7; i++) {
        // Three share one timestamp, so the order's tie-break (id) is paged across too.
        if (i !== 2 && i !== 3) t.clock.advance(1000);
        made.push(await create(u, { title: `S${i}`, content: i === 4 ? long : `BEN\nLine ${i}.` }));
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const p: ScriptList = await page(
          u,
          `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(p.scripts.length).toBeLessThanOrEqual(3);
        seen.push(...p.scripts.map((s) => s.id));
        cursor = p.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      const expected = [...made]
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id))
        .map((s) => s.id);
      expect(seen).toEqual(expected);

      const first = await page(u, '?limit=100');
      expect(first.nextCursor).toBeNull();
      const big = first.scripts.find((s) => s.title === 'S4')!;
      expect(big).not.toHaveProperty('content');
      expect(big).not.toHaveProperty('analysis');
      expect(big.preview).toBe(`${long.slice(0, 150)}…`);
      // A 154,000-character speech goes on in lines of at most 10,000 characters each.
      expect(big.characters).toEqual([
        { name: 'ANNA', lineCount: 16, gender: 'female', age: null },
      ]);
      expect(big.characterCount).toBe(long.length);
      // The page is small whatever the scripts weigh; the whole text comes from the script route.
      expect(JSON.stringify(first).length).toBeLessThan(5000);
      const one = await t.request({
        method: 'GET',
        url: `/api/scripts/${big.id}`,
        cookie: u.cookie,
      });
      expect((one.json() as Script).content).toBe(long);
    });

    it('pages a search and the archived toggle the same way', async () => {
      const u = await createUser(t);
      for (let i = 0; i < 5; i++) await create(u, { title: `Match ${i}`, content: 'A\nB.' });
      await create(u, { title: 'Other', content: 'A\nB.' });
      const p1 = await page(u, '?search=match&limit=4');
      expect(p1.scripts).toHaveLength(4);
      const p2 = await page(u, `?search=match&limit=4&cursor=${p1.nextCursor}`);
      expect(p2.scripts.map((s) => s.title)).toHaveLength(1);
      expect(p2.nextCursor).toBeNull();
      expect([...p1.scripts, ...p2.scripts].every((s) => s.title.startsWith('Match'))).toBe(true);
    });

    it.each([
      ['a cursor that is not one', '?cursor=not-a-cursor'],
      ['a cursor of the wrong shape', `?cursor=${Buffer.from('{"a":1}').toString('base64url')}`],
      ['a page size over the most', '?limit=101'],
      ['a page size of 0', '?limit=0'],
    ])('refuses %s', async (_label, query) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/scripts${query}`,
        cookie: ana.cookie,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    });
  });

  describe('per-user quotas (issue 10 item 6)', () => {
    /** Stores scripts straight in the table (as if made over months), `characters` kept each. */
    const seed = async (user: TestUser, n: number, characters = 10) => {
      const rows = Array.from({ length: n }, (_, i) => ({
        id: `seed-${user.id}-${i}`,
        user_id: user.id,
        title: `Seeded ${i}`,
        content: 'A\nB.',
        characters: '[]',
        analysis: null,
        tags: '[]',
        is_archived: i % 2,
        is_favorite: 0,
        word_count: 2,
        character_count: 4,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        last_opened_at: null,
        stored_size: characters,
        is_sample: 0,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await t.db.kysely
          .insertInto('scripts')
          .values(rows.slice(i, i + 200))
          .execute();
    };
    const post = (user: TestUser, payload: object) =>
      t.request({ method: 'POST', url: '/api/scripts', payload, cookie: user.cookie });
    const mine = async (user: TestUser) =>
      Number(
        (
          await t.db.kysely
            .selectFrom('scripts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses a script past the count (archived ones count), stores nothing, other users unaffected', async () => {
      const u = await createUser(t);
      await seed(u, MAX_SCRIPTS_PER_USER - 1);
      expect((await post(u, { title: 'Last one', content: 'A\nB.' })).statusCode).toBe(201);
      const res = await post(u, { title: 'One too many', content: 'A\nB.' });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({
        code: 'resource-exhausted',
        message: SCRIPT_COUNT_QUOTA_MESSAGE,
      });
      const file = Buffer.from('ANNA\nHello.\n').toString('base64');
      const imported = await t.request({
        method: 'POST',
        url: '/api/scripts/import',
        payload: { fileName: 'x.fountain', data: file },
        cookie: u.cookie,
      });
      expect(imported.statusCode).toBe(429);
      expect(await mine(u)).toBe(MAX_SCRIPTS_PER_USER);
      expect(
        (await post(await createUser(t), { title: 'Fine', content: 'A\nB.' })).statusCode,
      ).toBe(201);
      // Deleting frees the room.
      const last = (await list(u))[0]!;
      await t.request({ method: 'DELETE', url: `/api/scripts/${last.id}`, cookie: u.cookie });
      expect((await post(u, { title: 'Again', content: 'A\nB.' })).statusCode).toBe(201);
    });

    const storedSize = async (id: string) =>
      Number(
        (
          await t.db.kysely
            .selectFrom('scripts')
            .select('stored_size')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).stored_size,
      );

    it('refuses what would pass the characters stored in all, on create and on a save that grows a script', async () => {
      const u = await createUser(t);
      const fits = `A\n${'x'.repeat(998)}`;
      const s = await create(u, { title: 'Fits', content: fits });
      // What the script keeps: its text, its split and the rest.
      const room = await storedSize(s.id);
      expect(room).toBeGreaterThan(fits.length);
      await seed(u, 1, MAX_SCRIPT_STORAGE_PER_USER - room);
      const grown = await t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Fits', content: `${fits}y` },
        cookie: u.cookie,
      });
      expect(grown.statusCode).toBe(429);
      expect(grown.json().error).toMatchObject({
        code: 'resource-exhausted',
        message: SCRIPT_STORAGE_QUOTA_MESSAGE,
      });
      const stored = await t.request({
        method: 'GET',
        url: `/api/scripts/${s.id}`,
        cookie: u.cookie,
      });
      expect((stored.json() as Script).content).toBe(fits);
      // Shrinking or keeping the size is always allowed.
      const shrunk = await t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Shorter', content: 'A\nB.' },
        cookie: u.cookie,
      });
      expect(shrunk.statusCode).toBe(200);
      const res = await post(u, { title: 'Too big', content: `A\n${'x'.repeat(room)}` });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toBe(SCRIPT_STORAGE_QUOTA_MESSAGE);
      expect(await mine(u)).toBe(2);
    });

    it('lets exactly one of ten concurrent creates take the last place', async () => {
      const u = await createUser(t);
      await seed(u, MAX_SCRIPTS_PER_USER - 1);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(u, { title: `Race ${i}`, content: 'A\nB.' })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(429)]);
      expect(await mine(u)).toBe(MAX_SCRIPTS_PER_USER);
    });
  });

  describe('rename and merge a character (issue 18)', () => {
    const rename = (user: TestUser, id: string, payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/scripts/${id}/rename-character`,
        payload,
        cookie: user.cookie,
      });

    it('renames on every line and merges onto an existing name, kept on the server', async () => {
      const u = await createUser(t);
      const content = 'ANNA\nHi.\n\nBENNY\nHello.\n\nBEN\nBye.\n\nANNA\nGo.\n';
      const s = await create(u, { title: 'Names', content });
      const merged = await rename(u, s.id, { from: 'BENNY', to: 'Ben' });
      expect(merged.statusCode).toBe(200);
      expect((merged.json() as Script).characters.map((c) => [c.name, c.lineCount])).toEqual([
        ['ANNA', 2],
        ['BEN', 2],
      ]);
      const renamed = (
        await rename(u, s.id, { from: 'ANNA', to: 'Anna Karenina' })
      ).json() as Script;
      expect(renamed.analysis?.lines.map((l) => l.character)).toEqual([
        'ANNA KARENINA',
        'BEN',
        'BEN',
        'ANNA KARENINA',
      ]);
      expect(renamed.content).toBe(content);
      const stored = (
        await t.request({ method: 'GET', url: `/api/scripts/${s.id}`, cookie: u.cookie })
      ).json() as Script;
      expect(stored.characters.map((c) => c.name)).toEqual(['ANNA KARENINA', 'BEN']);
      // A save of the same text keeps the correction.
      await t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Names again', content },
        cookie: u.cookie,
      });
      const saved = (
        await t.request({ method: 'GET', url: `/api/scripts/${s.id}`, cookie: u.cookie })
      ).json() as Script;
      expect(saved.characters.map((c) => c.name)).toEqual(['ANNA KARENINA', 'BEN']);
    });

    it('renames in the split of the text stored when a save of new text races it', async () => {
      const u = await createUser(t);
      const second = 'ANNA\nA new line.\n\nCARL\nAnother.\n\nANNA\nMore.\n';
      const s = await create(u, { title: 'Race', content: 'ANNA\nHi.\n\nBEN\nHello.\n' });
      // The rename reads the row and makes its split; a save of new text lands meanwhile.
      const reading = holdNextReading();
      const renaming = rename(u, s.id, { from: 'ANNA', to: 'Ann' });
      await reading.held;
      const saved = await t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Race', content: second },
        cookie: u.cookie,
      });
      expect(saved.statusCode).toBe(200);
      reading.release();
      const renamed = await renaming;
      expect(renamed.statusCode).toBe(200);

      const { stored, fresh } = await storedAndFresh(u, s.id);
      expect(stored.content).toBe(second);
      // The rename was made again on the new text's split.
      expect(stored.analysis?.lines.map((l) => [l.character, l.text])).toEqual(
        fresh.analysis?.lines.map((l) => [l.character === 'ANNA' ? 'ANN' : l.character, l.text]),
      );
      expect((renamed.json() as Script).analysis).toEqual(stored.analysis);
    });

    it('gives up with a clear error when the split keeps changing under it', async () => {
      const u = await createUser(t);
      const s = await create(u, { title: 'Busy', content: 'ANNA\nHi.\n\nBEN\nHello.\n' });
      const read = scriptReader.read.bind(scriptReader);
      // Every time the rename has made its split, another change to the split lands first.
      const reads = vi.spyOn(scriptReader, 'read').mockImplementation(async (job) => {
        const outcome = await read(job);
        await t.db.kysely
          .updateTable('scripts')
          .set({ analysis: sql<string>`analysis || ${' '}` })
          .where('id', '=', s.id)
          .execute();
        return outcome;
      });
      const renamed = await rename(u, s.id, { from: 'ANNA', to: 'Ann' });
      expect(reads).toHaveBeenCalledTimes(3);
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json().error.message).toBe(SCRIPT_CHANGED_MESSAGE);
      const after = (
        await t.request({ method: 'GET', url: `/api/scripts/${s.id}`, cookie: u.cookie })
      ).json() as Script;
      expect(after.characters.map((c) => c.name)).toEqual(['ANNA', 'BEN']);
    });

    it('refuses an unknown character, an empty name and another user, changing nothing', async () => {
      const u = await createUser(t);
      const s = await create(u, { title: 'Two', content: 'ANNA\nHi.\n\nBEN\nHello.\n' });
      const unknown = await rename(u, s.id, { from: 'ZED', to: 'ANNA' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(CHARACTER_NOT_FOUND_MESSAGE);
      const empty = await rename(u, s.id, { from: 'ANNA', to: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('Please enter a name');
      const other = await rename(ben, s.id, { from: 'ANNA', to: 'X' });
      expect(other.statusCode).toBe(404);
      const after = (
        await t.request({ method: 'GET', url: `/api/scripts/${s.id}`, cookie: u.cookie })
      ).json() as Script;
      expect(after.characters.map((c) => c.name)).toEqual(['ANNA', 'BEN']);
      expect(after.updatedAt).toBe(s.updatedAt);
    });
  });

  describe('give a line to another character or make it action (issue 32)', () => {
    const reassign = (user: TestUser, id: string, payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/scripts/${id}/reassign-line`,
        payload,
        cookie: user.cookie,
      });
    const get = async (user: TestUser, id: string) =>
      (
        await t.request({ method: 'GET', url: `/api/scripts/${id}`, cookie: user.cookie })
      ).json() as Script;
    const speakers = (s: Script) => s.analysis!.lines.map((l) => [l.kind, l.character, l.spoken]);

    it('gives a line to another or a new character, or makes it action, kept by later saves', async () => {
      const u = await createUser(t);
      const content = 'ANNA: Hi.\nBEN: Hello.\nANNA: Who is at the door?\nBEN: Nobody.\n';
      const s = await create(u, { title: 'Door', content });
      const [, second, third, fourth] = s.analysis!.lines;

      const given = await reassign(u, s.id, { lineId: third!.id, character: 'ben' });
      expect(given.statusCode).toBe(200);
      expect((given.json() as Script).characters.map((c) => [c.name, c.lineCount])).toEqual([
        ['ANNA', 1],
        ['BEN', 3],
      ]);
      const fresh = await reassign(u, s.id, { lineId: second!.id, character: 'Guard #1' });
      expect((fresh.json() as Script).characters.map((c) => c.name)).toContain('GUARD #1');
      const action = (
        await reassign(u, s.id, { lineId: fourth!.id, character: null })
      ).json() as Script;
      expect(speakers(action)).toEqual([
        ['dialogue', 'ANNA', true],
        ['dialogue', 'GUARD #1', true],
        ['dialogue', 'BEN', true],
        ['action', null, false],
      ]);
      expect(action.analysis!.lines[3]!.text).toBe('Nobody.');
      expect(action.content).toBe(content);

      // Stored: read back, and kept by a save of the same text (with or without the split).
      expect(speakers(await get(u, s.id))).toEqual(speakers(action));
      await t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Door, again', content },
        cookie: u.cookie,
      });
      expect(speakers(await get(u, s.id))).toEqual(speakers(action));
      await t.request({
        method: 'PUT',
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Door, once more', content, analysis: (await get(u, s.id)).analysis },
        cookie: u.cookie,
      });
      const saved = await get(u, s.id);
      expect(saved.title).toBe('Door, once more');
      expect(speakers(saved)).toEqual(speakers(action));
      // And undone the same way.
      const back = (
        await reassign(u, s.id, { lineId: fourth!.id, character: 'BEN' })
      ).json() as Script;
      expect(back.analysis!.lines[3]).toMatchObject({ kind: 'dialogue', character: 'BEN' });
    });

    it('refuses an unknown line, an empty name and another user, changing nothing', async () => {
      const u = await createUser(t);
      const s = await create(u, { title: 'Two', content: 'ANNA\nHi.\n\nBEN\nHello.\n' });
      const line = s.analysis!.lines[0]!.id;
      const unknown = await reassign(u, s.id, { lineId: 'l999', character: 'BEN' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(LINE_NOT_FOUND_MESSAGE);
      const empty = await reassign(u, s.id, { lineId: line, character: ' () ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('Please enter a name');
      const missing = await reassign(u, s.id, { lineId: line });
      expect(missing.statusCode).toBe(400);
      const other = await reassign(ben, s.id, { lineId: line, character: 'BEN' });
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('not-found');
      const after = await get(u, s.id);
      expect(after.characters.map((c) => c.name)).toEqual(['ANNA', 'BEN']);
      expect(after.updatedAt).toBe(s.updatedAt);
    });

    it('reassigns a line of a long script through the script reader, like a rename', async () => {
      const u = await createUser(t);
      const content = 'ANNA\nHi there, how are you today?\n\nBEN\nFine.\n\n'.repeat(1500);
      const s = await create(u, { title: 'Long', content });
      const reads = vi.spyOn(scriptReader, 'read');
      const res = await reassign(u, s.id, { lineId: 'l2999', character: null });
      expect(res.statusCode).toBe(200);
      // Larger than what is read inline: the split is corrected in the reading worker.
      const job = reads.mock.calls[0]![0];
      expect(job).toMatchObject({ kind: 'reassign', lineId: 'l2999' });
      expect(job.kind === 'reassign' && job.analysis.length).toBeGreaterThan(INLINE_JSON_LIMIT);
      expect((res.json() as Script).characters.map((c) => [c.name, c.lineCount])).toEqual([
        ['ANNA', 1499],
        ['BEN', 1500],
      ]);
    });
  });

  it('archives and unarchives; archived scripts show only with the toggle', async () => {
    const u = await createUser(t);
    const s = await create(u, { title: 'Old', content: 'A\nB.' });
    const res = await t.request({
      method: 'PATCH',
      url: `/api/scripts/${s.id}/archive`,
      payload: { isArchived: true },
      cookie: u.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isArchived).toBe(true);
    expect(await list(u)).toEqual([]);
    expect((await list(u, '?archived=true')).map((x) => [x.id, x.isArchived])).toEqual([
      [s.id, true],
    ]);
    await t.request({
      method: 'PATCH',
      url: `/api/scripts/${s.id}/archive`,
      payload: { isArchived: false },
      cookie: u.cookie,
    });
    expect((await list(u)).map((x) => x.id)).toEqual([s.id]);
  });

  it('deletes for good', async () => {
    const u = await createUser(t);
    const s = await create(u, { title: 'Gone', content: 'A\nB.' });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/scripts/${s.id}`, cookie: u.cookie }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/scripts/${s.id}`, cookie: u.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/scripts/${s.id}`, cookie: u.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it("answers 404 for another user's script on every route and changes nothing (S5)", async () => {
    const s = await create(ana, { title: 'Private', content: 'ANNA\nMine.' });
    const calls = [
      { method: 'GET' as const, url: `/api/scripts/${s.id}` },
      {
        method: 'PUT' as const,
        url: `/api/scripts/${s.id}`,
        payload: { title: 'Stolen', content: 'x' },
      },
      {
        method: 'PATCH' as const,
        url: `/api/scripts/${s.id}/archive`,
        payload: { isArchived: true },
      },
      { method: 'DELETE' as const, url: `/api/scripts/${s.id}` },
    ];
    for (const call of calls) {
      const res = await t.request({ ...call, cookie: ben.cookie });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().error.code).toBe('not-found');
    }
    expect((await list(ben)).map((x) => x.id)).not.toContain(s.id);
    const mine = await t.request({
      method: 'GET',
      url: `/api/scripts/${s.id}`,
      cookie: ana.cookie,
    });
    expect(mine.json()).toMatchObject({
      title: 'Private',
      content: 'ANNA\nMine.',
      isArchived: false,
    });
  });

  it('refuses a cross-site write (S4)', async () => {
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/scripts',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
        cookie: ana.cookie,
      },
      payload: { title: 'x', content: 'y' },
    });
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  describe('import', () => {
    const upload = (fileName: string, data: Buffer | string, user = ana) =>
      t.request({
        method: 'POST',
        url: '/api/scripts/import',
        payload: { fileName, data: typeof data === 'string' ? data : data.toString('base64') },
        cookie: user.cookie,
      });

    it.each([
      [
        'night-shift.fountain',
        'fountain',
        'Night Shift',
        [
          ['DEV', 5],
          ['MAYA', 5],
        ],
      ],
      [
        'sides-colon.txt',
        'colon',
        'sides colon',
        [
          ['MR. GRANT', 4],
          ['ELENA', 3],
        ],
      ],
      [
        'centred-cues.txt',
        'layout',
        'centred cues',
        [
          ['ROSE', 3],
          ['SAM', 2],
        ],
      ],
      [
        'last-orders.fdx',
        'fdx',
        'last orders',
        [
          ['KIT', 3],
          ['JO', 2],
        ],
      ],
      [
        'rehearsal-room.pdf',
        'pdf',
        'rehearsal room',
        [
          ['OMAR', 3],
          ['LENA', 2],
        ],
      ],
    ])('imports %s (%s) with its characters', async (file, format, title, characters) => {
      const res = await upload(file, corpus(file));
      expect(res.statusCode).toBe(201);
      const s = res.json() as Script;
      expect(s.title).toBe(title);
      expect(s.analysis?.format).toBe(format);
      expect(s.characters.map((c) => [c.name, c.lineCount])).toEqual(characters);
    });

    it('refuses a PDF of more pages than the limit, saying how many, before reading its text', async () => {
      const me = await createUser(t);
      const before = await count();
      const res = await upload(
        'long.pdf',
        makePdf({ pages: 600, lines: ['ANNA', '  Hello.'] }),
        me,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        'This PDF is too large to import: it has 600 pages; the limit is 500.',
      );
      expect(await count()).toBe(before);
      // One page more than the limit is the same refusal.
      const over = await upload(
        'over.pdf',
        makePdf({ pages: MAX_PDF_PAGES + 1, lines: ['A'] }),
        me,
      );
      expect(over.json().error.message).toBe(
        `This PDF is too large to import: it has ${MAX_PDF_PAGES + 1} pages; the limit is 500.`,
      );
    });

    it('stops reading a PDF whose text passes the limit, storing nothing', async () => {
      const me = await createUser(t);
      const before = pdfTextTuning.maxBytes;
      pdfTextTuning.maxBytes = 64 * 1024;
      try {
        const words = 'ANNA Hello there and more words on every line of this page.';
        const res = await upload(
          'wordy.pdf',
          makePdf({ pages: 20, lines: Array.from({ length: 150 }, () => words) }),
          me,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(PDF_TEXT_TOO_LARGE_MESSAGE);
      } finally {
        pdfTextTuning.maxBytes = before;
      }
    });

    it('imports Windows-1252 and UTF-16 plays, and names a file it cannot read (issue 29 item 6)', async () => {
      const me = await createUser(t);
      const play = 'HÉLÈNE\nÇa suffit, François. Où êtes-vous ?\n\nMARC\nDéjà là.\n';
      for (const [name, data] of [
        ['latin.txt', Buffer.from(play, 'latin1')],
        ['wide.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(play, 'utf16le')])],
      ] as const) {
        const res = await upload(name, data, me);
        expect(res.statusCode, name).toBe(201);
        const s = res.json() as Script;
        expect(s.content).toBe(play);
        expect(s.characters.map((c) => c.name)).toEqual(['HÉLÈNE', 'MARC']);
      }
      const binary = await upload(
        'photo.txt',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a]),
        me,
      );
      expect(binary.statusCode).toBe(400);
      expect(binary.json().error.message).toBe(importEncodingMessage('photo.txt'));
    });

    it('answers with what was understood: characters, speeches, scenes and pages without speech', async () => {
      const res = await upload('rehearsal-room.pdf', corpus('rehearsal-room.pdf'));
      expect(res.statusCode).toBe(201);
      const s = res.json() as ScriptImportResult;
      expect(s.summary).toEqual({
        characters: 2,
        speeches: 5,
        scenes: s.analysis!.lines.filter((l) => l.kind === 'heading').length,
        pages: expect.any(Number),
        pagesWithoutDialogue: expect.any(Number),
        ocrPages: [],
      });
      const fountain = (await upload('n.fountain', corpus('night-shift.fountain'))).json();
      expect(fountain.summary).toMatchObject({ characters: 2, speeches: 10, pages: null });
    });

    it.each([
      [
        'action only',
        'scene.fountain',
        'INT. KITCHEN - DAY\n\nRain on the window. Nobody comes.\n',
      ],
      [
        'a Final Draft file with no dialogue',
        'empty.fdx',
        '<?xml version="1.0"?><FinalDraft DocumentType="Script"><Content><Paragraph Type="Action"><Text>Rain.</Text></Paragraph></Content></FinalDraft>',
      ],
    ])(
      'refuses a file where nobody speaks (%s): it never looks like a success',
      async (_l, file, text) => {
        const before = await count();
        const res = await upload(file, Buffer.from(text));
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'invalid-argument',
          message: IMPORT_NO_SPEECH_MESSAGE,
        });
        expect(await count()).toBe(before);
      },
    );

    it('takes a full-length play (1.5 million characters) and refuses text over 2,000,000', async () => {
      const u = await createUser(t);
      const speech =
        'ANNA\nIt is a long play and every word of it matters to somebody.\n\nBEN\nSo it does.\n\n';
      const play = speech.repeat(Math.floor(1_500_000 / speech.length));
      const res = await upload('play.fountain', Buffer.from(play), u);
      expect(res.statusCode).toBe(201);
      expect(res.json().characterCount).toBe(play.length);
      const tooLong = await t.request({
        method: 'POST',
        url: '/api/scripts',
        payload: JSON.stringify({ title: 'Long', content: 'x'.repeat(MAX_SCRIPT_CHARACTERS + 1) }),
        cookie: u.cookie,
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.code).toBe('invalid-argument');
    });

    it.each([
      [
        'names alone on a line',
        [
          ['INT. KITCHEN - NIGHT', '', 'ANNA', "You're late.", '', 'BEN', 'I know. Sorry.'],
          ['ANNA', 'Sit down.', '', 'BEN', 'Thanks.'],
        ],
      ],
      [
        '"NAME: line"',
        [
          ['ANNA: You are late.', 'BEN: I know. Sorry.'],
          ['ANNA: Sit down.', 'BEN: Thanks.'],
        ],
      ],
      [
        'a play with the name at the margin, mixed case',
        [
          ['Anna        You are late.', 'Ben         I know.', '            Sorry.'],
          ['Anna        Sit down.', 'Ben         Thanks.'],
        ],
      ],
    ])('imports a PDF that is no screenplay page: %s', async (_layout, pages) => {
      const res = await upload('scene.pdf', textPdf(pages), await createUser(t));
      expect(res.statusCode).toBe(201);
      const s = res.json() as ScriptImportResult;
      expect(s.analysis?.format).toBe('pdf');
      expect(s.summary).toMatchObject({ characters: 2, speeches: 4, pages: 2 });
      expect(s.characters.map((c) => [c.name, c.lineCount])).toEqual([
        ['ANNA', 2],
        ['BEN', 2],
      ]);
    });

    it("takes a Fountain title page's Title as the script's title, unless one is given", async () => {
      const text =
        'Title:\n    _**BRICK & STEEL**_\n    _**FULL RETIRED**_\nCredit: Written by\nAuthor: Stu Maschwitz\n\nINT. HOUSE - DAY\n\nANNA\nHello.\n';
      const u = await createUser(t);
      const titled = (await upload('draft-3.fountain', Buffer.from(text), u)).json() as Script;
      expect(titled.title).toBe('BRICK & STEEL FULL RETIRED');
      const plain = (await upload('draft-3.fountain', Buffer.from('ANNA\nHello.\n'), u)).json();
      expect(plain.title).toBe('draft 3');
      const asked = await t.request({
        method: 'POST',
        url: '/api/scripts/import',
        payload: {
          fileName: 'draft-3.fountain',
          data: Buffer.from(text).toString('base64'),
          title: 'Mine',
        },
        cookie: u.cookie,
      });
      expect(asked.json().title).toBe('Mine');
    });

    it('reads the PDF sides line by line, the page break inside a speech joined', async () => {
      const s = (await upload('sides.pdf', corpus('rehearsal-room.pdf'))).json() as Script;
      expect(
        s.analysis?.lines.filter((l) => l.kind === 'dialogue').map((l) => [l.character, l.text]),
      ).toEqual([
        ['OMAR', 'Five minutes, Lena.'],
        ['LENA', 'I know the words. I just do not believe them yet.'],
        [
          'OMAR',
          'Nobody believes them on day one. That is what the other forty days are for. Come on. Run it with me.',
        ],
        ['LENA', 'You will read Hamlet?'],
        ['OMAR', 'I will read everyone.'],
      ]);
      expect(s.characters).toEqual([
        { name: 'OMAR', lineCount: 3, gender: 'male', age: null },
        { name: 'LENA', lineCount: 2, gender: 'female', age: 'young' },
      ]);
      // Stored as Fountain text, which splits into the same lines when edited later.
      expect(s.content).toContain('OMAR\nFive minutes, Lena.');
    });

    it.each([
      [
        'an unsupported type',
        'scene.docx',
        Buffer.from('PK\u0003\u0004'),
        IMPORT_UNSUPPORTED_MESSAGE,
      ],
      [
        'a file over 2 MB',
        'big.txt',
        Buffer.alloc(2 * 1024 * 1024 + 1, 'a'),
        IMPORT_TOO_LARGE_MESSAGE,
      ],
      [
        'a PDF that is not a PDF',
        'fake.pdf',
        Buffer.from('ANNA\nHello'),
        IMPORT_UNREADABLE_MESSAGE,
      ],
      [
        'a broken PDF',
        'broken.pdf',
        Buffer.from('%PDF-1.4\ngarbage garbage'),
        IMPORT_UNREADABLE_MESSAGE,
      ],
      [
        'a binary text file',
        'x.txt',
        Buffer.from([0, 159, 146, 150, 0, 1]),
        importEncodingMessage('x.txt'),
      ],
      ['an empty file', 'empty.fountain', Buffer.alloc(0), IMPORT_UNREADABLE_MESSAGE],
      [
        'an FDX that is not Final Draft',
        'x.fdx',
        Buffer.from('<?xml version="1.0"?><html></html>'),
        IMPORT_UNREADABLE_MESSAGE,
      ],
      ['data that is not base64', 'x.txt', '!!not base64!!', IMPORT_UNREADABLE_MESSAGE],
    ])(
      'refuses %s with a clear message and stores nothing',
      async (_label, file, data, message) => {
        const before = await count();
        const res = await upload(file, data);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid-argument', message });
        expect(await count()).toBe(before);
      },
    );
  });
});
