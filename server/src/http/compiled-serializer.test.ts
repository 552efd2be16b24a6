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
  });
});
