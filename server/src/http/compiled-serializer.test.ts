import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { readingListSchema, type Reading } from '@doublecast/common/studio';
import { compiledSerializer, errorResponseSchema } from './openapi';

const route = (schema: unknown, httpStatus = '200') => ({
  schema,
  method: 'GET',
  url: '/api/readings',
  httpStatus,
});

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

describe('compiledSerializer (decision 248)', () => {
  it('writes a history page exactly as the zod serializer does, undeclared properties left out', () => {
    const fast = compiledSerializer(route(readingListSchema));
    const zod = serializerCompiler(route(readingListSchema) as never);
    const page = {
      generations: [
        reading(),
        reading({ id: 'r2', duration: 2.5, scriptId: 's1', voiceGender: 'female' }),
        { ...reading({ id: 'r3' }), audio_key: 'secret/r3.mp3', settings: '{}' },
      ],
    };
    expect(fast(page)).toBe(zod(page));
    expect(fast(page)).not.toContain('secret');
    expect(fast({ generations: [] })).toBe('{"generations":[]}');
  });

  it('fails an answer that lacks a declared property', () => {
    const fast = compiledSerializer(route(readingListSchema));
    const { text: _text, ...withoutText } = reading();
    expect(() => fast({ generations: [withoutText] })).toThrow();
  });

  it('fails an answer holding a value of another type, as zod does', () => {
    const fast = compiledSerializer(route(readingListSchema));
    const zod = serializerCompiler(route(readingListSchema) as never);
    const wrong = [
      reading({ duration: '2.5' as never }),
      reading({ characterCount: Number.NaN }),
      reading({ isDeleted: 'false' as never }),
      reading({ voiceGender: { name: 'secret' } as never }),
      reading({ voiceMetadata: null as never }),
      reading({ voiceMetadata: ['male', 'British', 'adult'] as never }),
      reading({ characterCount: 1.5 }),
    ];
    for (const bad of wrong) {
      expect(() => zod({ generations: [bad] })).toThrow();
      expect(() => fast({ generations: [bad] })).toThrow();
    }
    expect(() => fast({ generations: 'none' })).toThrow(/answer\.generations must be an array/);
    const { voiceMetadata: _m, ...withoutMetadata } = reading();
    expect(() => fast({ generations: [withoutMetadata] })).toThrow(
      /answer\.generations\[\]\.voiceMetadata is required/,
    );
  });

  it('writes nullable and optional properties as zod does', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.object({ c: z.number().nullable() }),
      d: z.array(z.boolean()),
    });
    const fast = compiledSerializer(route(schema));
    const zod = serializerCompiler(route(schema) as never);
    for (const value of [
      { b: { c: null }, d: [] },
      { a: 'x', b: { c: 1.5, extra: 1 }, d: [true, false], e: 'dropped' },
    ]) {
      expect(fast(value)).toBe(zod(value));
    }
  });

  it('leaves error statuses to the zod serializer', () => {
    const fast = compiledSerializer(route(errorResponseSchema, '400'));
    expect(() => fast({ error: { code: 1 } })).toThrow();
    expect(fast({ error: { code: 'x', message: 'y' } })).toBe(
      '{"error":{"code":"x","message":"y"}}',
    );
  });

  it('refuses at start a schema it would not write exactly', () => {
    const objects = z.object({ value: z.union([z.object({ a: z.string() }), z.object({})]) });
    expect(() => compiledSerializer(route(objects))).toThrow(/anyOf/);
    const mixed = z.object({ value: z.union([z.string(), z.number()]) });
    expect(() => compiledSerializer(route(mixed))).toThrow(/"type"/);
    const loose = z.looseObject({ value: z.string() });
    expect(() => compiledSerializer(route(loose))).toThrow(/undeclared/);
    const prototype = z.object({ ['__proto__']: z.string() });
    expect(() => compiledSerializer(route(prototype))).toThrow(/__proto__/);
  });
});
