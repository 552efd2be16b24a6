import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultVoiceCategory } from '@doublecast/common/voices';
import { speakWith } from '../../../test/fake-voice-engine';
import { speechLevelDb, TARGET_SPEECH_DBFS } from '../audio';
import { LOCAL_VOICES } from '../catalogue';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { createLocalEngine } from './local';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-local-engine-'));
const engine = createLocalEngine({ workDir });
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const speak = (voiceId: string, text: string, speed = 1) => speakWith(engine, voiceId, text, speed);

/** Decodes an MP3 with sox: format facts from soxi, samples as 16-bit mono at 44.1 kHz. */
function decode(mp3: Buffer) {
  const file = path.join(workDir, `${createHash('sha1').update(mp3).digest('hex')}.mp3`);
  fs.writeFileSync(file, mp3);
  const rate = Number(execFileSync('soxi', ['-r', file]).toString().trim());
  const bitrate = execFileSync('soxi', ['-B', file]).toString().trim();
  const raw = execFileSync(
    'sox',
    ['-q', file, '-t', 'raw', '-e', 'signed', '-b', '16', '-c', '1', '-'],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  fs.rmSync(file);
  const samples = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
  return { rate, bitrate, samples, seconds: samples.length / 44100 };
}

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

describe('local voice catalogue', () => {
  it('offers at least 18 distinct English voices across men, women and children, fully labelled', async () => {
    const voices = await engine.listVoices();
    expect(voices.length).toBeGreaterThanOrEqual(18);
    expect(new Set(voices.map((v) => v.providerVoiceId)).size).toBe(voices.length);
    expect(new Set(voices.map((v) => v.name)).size).toBe(voices.length);
    const count = (c: string) => voices.filter((v) => v.category === c).length;
    expect({ men: count('men'), women: count('women'), children: count('children') }).toEqual({
      men: 13,
      women: 9,
      children: 6,
    });
    for (const v of voices) {
      expect(v.name).toMatch(/^[A-Z][a-z]+$/);
      expect(v.description?.length).toBeGreaterThan(10);
      expect(v.labels.gender).toMatch(/^(male|female)$/);
      expect(v.labels.age).toMatch(/^(child|young adult|middle|old)$/);
      expect(v.labels.accent).toBeTruthy();
      expect(v.bestFor.length).toBeGreaterThan(0);
      // The children rule, applied to our labels, gives the catalogue's own category.
      expect(defaultVoiceCategory({ name: v.name, labels: v.labels })).toBe(v.category);
    }
    const tom = voices.find((v) => v.name === 'Tom');
    expect(tom).toMatchObject({ category: 'men', labels: { gender: 'male', accent: 'american' } });
    // Every engine family is used.
    expect(new Set(LOCAL_VOICES.map((v) => v.engine))).toEqual(
      new Set(['festival', 'flite', 'espeak']),
    );
  });

  it('every voice speaks a sentence as non-silent 44.1 kHz / 128 kbps MP3 of plausible length, levelled, and no two sound identical', async () => {
    const sentence = 'Hello, I will read the next line with you.';
    const results = await inBatches(LOCAL_VOICES, 2, async (v) => ({
      id: v.id,
      ...decode(await speak(v.id, sentence)),
    }));
    const levels: number[] = [];
    for (const r of results) {
      expect(r.rate, r.id).toBe(44100);
      expect(r.bitrate, r.id).toBe('128k');
      expect(r.seconds, r.id).toBeGreaterThan(1.2);
      expect(r.seconds, r.id).toBeLessThan(5.5);
      const level = speechLevelDb(r.samples);
      expect(level, r.id).not.toBeNull();
      expect(Math.abs(level! - TARGET_SPEECH_DBFS), `${r.id} at ${level} dBFS`).toBeLessThan(3);
      levels.push(level!);
    }
    expect(Math.max(...levels) - Math.min(...levels)).toBeLessThan(4);
    const fingerprints = results.map((r) => createHash('sha256').update(r.samples).digest('hex'));
    expect(new Set(fingerprints).size).toBe(results.length);
  }, 120_000);

  it.each([
    ['espeak', 'gb-male-rupert'],
    ['flite', 'us-male-kevin'],
    ['festival', 'us-male-tom'],
  ])(
    '%s speaks hostile text instead of running it',
    async (_family, voiceId) => {
      const canary = path.join(workDir, `pwned-${voiceId}`);
      const text = `-v --help "quoted" 'single' $(touch ${canary}) \`touch ${canary}\`; rm -rf / | cat /etc/passwd\n-f /etc/hostname\nAnd that is the end.`;
      const { seconds } = decode(await speak(voiceId, text));
      expect(fs.existsSync(canary)).toBe(false);
      expect(seconds).toBeGreaterThan(4);
    },
    30_000,
  );

  it('reads all of a 10,000-character text, hostile lines included', async () => {
    const canary = path.join(workDir, 'pwned-long');
    const sentence = 'The quick brown fox jumps over the lazy dog, and then it runs away. ';
    const hostile = `\n-x $(touch ${canary}) "quoted" \`touch ${canary}\`\n`;
    const text = (hostile + sentence.repeat(Math.ceil(10_000 / sentence.length))).slice(0, 10_000);
    expect(text.length).toBe(10_000);
    const { seconds } = decode(await speak('nyc-male-vinnie', text));
    expect(fs.existsSync(canary)).toBe(false);
    // About 1,500 words: several minutes at any speaking rate.
    expect(seconds).toBeGreaterThan(400);
    expect(seconds).toBeLessThan(1000);
  }, 60_000);

  it('reads a 600-letter word and a long passage without full stops with a Festival voice', async () => {
    // Each once failed the reading mid-stream: Festival ran out of heap on the utterance.
    const token = 'abcdefghijklmnopqrstuvwxy'.repeat(24);
    const word = decode(await speak('us-female-sally', `Here it comes ${token} and that is all.`));
    expect(word.seconds).toBeGreaterThan(10);
    const lines = Array.from({ length: 10 }, (_, i) => `and this is line ${i} of a long list`);
    const list = decode(await speak('us-female-sally', lines.join('\n')));
    expect(list.seconds).toBeGreaterThan(15);
  }, 60_000);

  it('sends the first sentence before the rest is synthesised', async () => {
    const text = `Hello there. ${'This is a much longer sentence that takes the engine a good while to say out loud. '.repeat(6)}`;
    const started = performance.now();
    const result = await engine.synthesize({
      text,
      providerVoiceId: 'us-female-sally',
      settings: DEFAULT_SYNTHESIS_SETTINGS,
    });
    let firstAt = 0;
    for await (const _chunk of result.audio) if (!firstAt) firstAt = performance.now() - started;
    const total = performance.now() - started;
    expect(firstAt).toBeGreaterThan(0);
    expect(firstAt).toBeLessThan(total * 0.6);
  }, 30_000);

  it('folds typographic punctuation so flite reads every word', async () => {
    const fancy = decode(
      await speak(
        'us-male-kevin',
        'It’s a naïve café — “quoted” text… 😀 and more words after it.',
      ),
    ).seconds;
    const plain = decode(
      await speak('us-male-kevin', 'It\'s a naive cafe, "quoted" text... and more words after it.'),
    ).seconds;
    expect(Math.abs(fancy - plain) / plain).toBeLessThan(0.1);
  }, 30_000);

  it('applies the speed setting', async () => {
    const text = 'We are going to the theatre tonight to see a play.';
    const normal = decode(await speak('us-female-susan', text)).seconds;
    const fast = decode(await speak('us-female-susan', text, 1.2)).seconds;
    expect(fast).toBeLessThan(normal * 0.9);
  }, 30_000);

  it('makes the same bytes for the same request, so a retried synthesis job continues where a dead worker stopped (decision 242)', async () => {
    const text = 'The same line, made twice. With a second sentence.';
    const first = await speak('us-female-susan', text, 1.1);
    const second = await speak('us-female-susan', text, 1.1);
    expect(second.equals(first)).toBe(true);
  }, 30_000);

  it('refuses an unknown voice', async () => {
    await expect(speak('nobody', 'Hello.')).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
