import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { readingListSchema, readingSchema, type Reading } from '@doublecast/common/studio';
import { insertReading } from '../features/history/history.repository';
import { createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

const route = (schema: unknown, httpStatus = '200') =>
  serializerCompiler({ schema, method: 'GET', url: '/api/readings', httpStatus } as never);

const reading = (over: Partial<Reading> = {}): Reading => ({
  id: 'r1',
  userId: 'u1',
  text: 'Line with "quotes", a tab\\t, \u2028 and emoji \u{1F3AD}',
  audioUrl: '/api/readings/r1/audio',
  voiceId: 'v1',
  voiceName: 'Rupert',
  voiceGender: null,
  voiceAccent: 'British',
  voiceAge: null,
  voiceMetadata: { gender: null, accent: 'British', age: null },
  createdAt: '2026-11-24T01:00:00.000Z',
  duration: null,
  characterCount: 42,
  scriptId: null,
  isDeleted: false,
  deletedAt: null,
  updatedAt: '2026-11-24T01:00:00.000Z',
  ...over,
});

/**
 * Answers are written by fastify-type-provider-zod's serializer from the declared schema
 * (decision 363): the value is checked and stripped by zod, then written by JSON.stringify.
 */
describe('the declared-schema serializer of GET /api/readings', () => {
  it('leaves undeclared properties out', () => {
    const page = {
      generations: [
        reading(),
        { ...reading({ id: 'r3' }), audio_key: 'secret/r3.mp3', settings: '{}' },
      ],
    };
    const written = route(readingListSchema)(page);
    expect(written).not.toContain('secret');
    expect(JSON.parse(written)).toEqual({ generations: [reading(), reading({ id: 'r3' })] });
    expect(route(readingListSchema)({ generations: [] })).toBe('{"generations":[]}');
  });

  it('fails an answer that lacks a declared property', () => {
    const { text: _text, ...withoutText } = reading();
    expect(() => route(readingListSchema)({ generations: [withoutText] })).toThrow();
  });

  it('fails an answer holding a value of another type, rather than coercing it', () => {
    const wrong = [
      reading({ duration: '2.5' as never }),
      reading({ characterCount: Number.NaN }),
      reading({ isDeleted: 'false' as never }),
      reading({ voiceGender: { name: 'secret' } as never }),
      reading({ voiceMetadata: null as never }),
      reading({ voiceMetadata: ['male', 'British', 'adult'] as never }),
      reading({ characterCount: 1.5 }),
    ];
    for (const bad of wrong)
      expect(() => route(readingListSchema)({ generations: [bad] })).toThrow();
    expect(() => route(readingListSchema)({ generations: 'none' })).toThrow();
  });

  it('writes nullable and optional properties', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.object({ c: z.number().nullable() }),
      d: z.array(z.boolean()),
    });
    expect(route(schema)({ b: { c: null }, d: [] })).toBe('{"b":{"c":null},"d":[]}');
    expect(route(schema)({ a: 'x', b: { c: 1.5, extra: 1 }, d: [true, false], e: 'dropped' })).toBe(
      '{"a":"x","b":{"c":1.5},"d":[true,false]}',
    );
  });
});

describe('GET /api/readings answers the declared properties only', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t, { tier: 'paid' });
    await insertReading(t.db.kysely, {
      id: 'g1',
      user_id: user.id,
      text: 'A "quoted" line.',
      audio_key: `users/${user.id}/generations/secret-key.mp3`,
      voice_id: 'v1',
      voice_name: 'Voice',
      voice_gender: 'female',
      voice_accent: null,
      voice_age: null,
      created_at: '2026-03-01T00:00:00.000Z',
      duration: 1.5,
      character_count: 16,
      script_id: null,
      size_bytes: 9,
      settings: '{"secret":1}',
      is_deleted: 0,
      deleted_at: null,
      updated_at: '2026-03-01T00:00:00.000Z',
    });
  });
  afterAll(() => t.close());

  it('with every declared property and nothing from the row that is not', async () => {
    const res = await t.request({ method: 'GET', url: '/api/readings', cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret');
    const [item] = (res.json() as { generations: Record<string, unknown>[] }).generations;
    expect(Object.keys(item!).sort()).toEqual(Object.keys(readingSchema.shape).sort());
    expect(item).toMatchObject({ id: 'g1', text: 'A "quoted" line.', duration: 1.5 });
  });
});
