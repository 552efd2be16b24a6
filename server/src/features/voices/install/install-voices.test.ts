import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speakWith } from '../../../test/fake-voice-engine';
import { recordingLogger } from '../../../test/recording-logger';
import {
  packFixtureArchive,
  pinnedFor,
  serveArchives,
  writeHostileTarBz2,
  type ArchiveServer,
  type RawTarEntry,
} from '../../../test/voice-archives';
import { freePort } from '../../../test/free-port';
import { VOICE_MODEL_FIXTURES } from '../../../test/voice-models';
import { createNeuralEngine } from '../engines/neural';
import { scanModelsDir } from '../engines/neural-models';
import { DOWNLOADS_FOLDER, installVoices, INSTALL_RECORD } from './install-voices';
import {
  archivesWithin,
  DEFAULT_VOICE_MODELS_MAX_MB,
  PINNED_VOICE_ARCHIVES,
  type PinnedArchive,
} from './pinned-voices';

const run = promisify(execFile);
const PIPER = 'vits-piper-en_US-tilly-low';
const KOKORO = 'kokoro-tiny-en';

let served: string;
let server: ArchiveServer;
let piper: PinnedArchive;
let kokoro: PinnedArchive;
const work: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  work.push(dir);
  return dir;
};
const lines: string[] = [];
const install = (modelsDir: string, archives: PinnedArchive[]) =>
  installVoices({ modelsDir, archives, log: (l) => lines.push(l) });

beforeAll(async () => {
  served = tempDir('dc-served-');
  server = await serveArchives(served);
  piper = pinnedFor(server.url, PIPER, packFixtureArchive('tiny-piper', PIPER, served), {
    name: 'Tilly',
    gender: 'female',
    accent: 'american',
    age: 'old',
  });
  kokoro = pinnedFor(server.url, KOKORO, packFixtureArchive('tiny-kokoro', KOKORO, served), {
    speakers: { af_tiny: { name: 'Kiki', age: 'young adult' } },
  });
});
afterAll(async () => {
  await server.close();
  for (const dir of work) fs.rmSync(dir, { recursive: true, force: true });
});

describe('natural voices at install: the pinned set', () => {
  it('takes Kokoro and three Piper voices within the default 500 MiB, more with a larger budget', () => {
    const chosen = archivesWithin(PINNED_VOICE_ARCHIVES, DEFAULT_VOICE_MODELS_MAX_MB);
    expect(chosen.map((a) => a.folder)).toEqual([
      'kokoro-en-v0_19',
      'vits-piper-en_US-norman-medium',
      'vits-piper-en_US-kristin-medium',
      'vits-piper-en_GB-cori-medium',
    ]);
    expect(chosen.reduce((s, a) => s + a.bytes, 0) / 2 ** 20).toBeLessThanOrEqual(500);
    expect(archivesWithin(PINNED_VOICE_ARCHIVES, 200).map((a) => a.folder)).toEqual([
      'vits-piper-en_US-norman-medium',
      'vits-piper-en_US-kristin-medium',
      'vits-piper-en_GB-cori-medium',
    ]);
    expect(archivesWithin(PINNED_VOICE_ARCHIVES, 2000)).toHaveLength(PINNED_VOICE_ARCHIVES.length);
    for (const a of PINNED_VOICE_ARCHIVES) {
      expect(a.url).toBe(
        `https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models/${a.folder}.tar.bz2`,
      );
      expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('natural voices at install: fetching from a loopback server', () => {
  it('fetches, verifies and installs the fixture voices, which the neural engine then reads', async () => {
    const modelsDir = tempDir('dc-models-');
    const report = await install(modelsDir, [piper, kokoro]);
    expect(report).toEqual({
      offline: null,
      archives: [
        { folder: PIPER, status: 'installed' },
        { folder: KOKORO, status: 'installed' },
      ],
    });
    const scan = await scanModelsDir(modelsDir);
    expect(scan.problems).toEqual([]);
    expect(scan.models.flatMap((m) => m.speakers.map((s) => [s.id, s.voice.name]))).toEqual([
      [`${KOKORO}/af_tiny`, 'Kiki'],
      [`${KOKORO}/bm_tiny`, 'Tiny'],
      [PIPER, 'Tilly'],
    ]);
    expect(fs.readdirSync(modelsDir).sort()).toEqual([DOWNLOADS_FOLDER, KOKORO, PIPER]);
    expect(fs.readdirSync(path.join(modelsDir, DOWNLOADS_FOLDER))).toEqual([]);

    const engine = createNeuralEngine({
      modelsDir,
      workers: 1,
      log: recordingLogger() as unknown as FastifyBaseLogger,
    });
    try {
      const mp3 = await speakWith(engine, PIPER, 'Hello there.', 1);
      expect(mp3.length).toBeGreaterThan(1000);
    } finally {
      await engine.close();
    }

    // Present and verified: skipped without a request.
    const before = server.ranges.length;
    const again = await install(modelsDir, [piper, kokoro]);
    expect(again.archives.map((a) => a.status)).toEqual(['present', 'present']);
    expect(server.ranges.length).toBe(before);

    // A file changed since: no longer verified, so it is fetched again.
    fs.appendFileSync(path.join(modelsDir, PIPER, 'tokens.txt'), 'x');
    const repaired = await install(modelsDir, [piper]);
    expect(repaired.archives).toEqual([{ folder: PIPER, status: 'installed' }]);
  });

  it('resumes a transfer cut short with a Range request for the rest', async () => {
    const modelsDir = tempDir('dc-models-');
    server.cutNextAfter(`${PIPER}.tar.bz2`, 4096);
    const first = await install(modelsDir, [piper]);
    expect(first.archives[0]).toMatchObject({ folder: PIPER, status: 'failed' });
    const part = path.join(modelsDir, DOWNLOADS_FOLDER, `${PIPER}.tar.bz2.part`);
    expect(fs.statSync(part).size).toBe(4096);
    expect(fs.existsSync(path.join(modelsDir, PIPER))).toBe(false);

    const second = await install(modelsDir, [piper]);
    expect(second.archives).toEqual([{ folder: PIPER, status: 'installed' }]);
    expect(server.ranges.at(-1)).toBe('bytes=4096-');
    expect(fs.existsSync(part)).toBe(false);
  });

  it('refuses an archive whose SHA-256 is not the pinned one, and keeps nothing of it', async () => {
    const modelsDir = tempDir('dc-models-');
    const wrong = { ...piper, sha256: 'a'.repeat(64) };
    const report = await install(modelsDir, [wrong]);
    expect(report.archives[0]).toMatchObject({ status: 'refused' });
    expect((report.archives[0] as { reason: string }).reason).toContain('SHA-256');
    expect(fs.readdirSync(modelsDir)).toEqual([DOWNLOADS_FOLDER]);
    expect(fs.readdirSync(path.join(modelsDir, DOWNLOADS_FOLDER))).toEqual([]);
  });

  it('refuses a server that sends more than the pinned size', async () => {
    const modelsDir = tempDir('dc-models-');
    const report = await install(modelsDir, [{ ...piper, bytes: piper.bytes - 10 }]);
    expect(report.archives[0]).toMatchObject({ status: 'refused' });
    expect(fs.readdirSync(path.join(modelsDir, DOWNLOADS_FOLDER))).toEqual([]);
  });

  it('says the host is unreachable and tries nothing more when there is no network', async () => {
    const modelsDir = tempDir('dc-models-');
    const closed = `http://127.0.0.1:${await freePort()}`;
    const report = await install(modelsDir, [
      { ...piper, url: `${closed}/${PIPER}.tar.bz2` },
      kokoro,
    ]);
    expect(report.offline).toMatch(/^127\.0\.0\.1:\d+ could not be reached/);
    expect(report.archives).toEqual([]);
  });
});

describe('natural voices at install: hostile archives', () => {
  const hostile: [string, RawTarEntry[], RegExp, number?][] = [
    [
      'a path that climbs out',
      [{ path: `${PIPER}/../../escaped.txt`, type: '0', data: Buffer.from('x') }],
      /climbs out/,
    ],
    [
      'an absolute path',
      [{ path: '/tmp/dc-escaped.txt', type: '0', data: Buffer.from('x') }],
      /absolute path/,
    ],
    [
      'a symbolic link out of the folder',
      [
        { path: `${PIPER}/`, type: '5' },
        { path: `${PIPER}/espeak-ng-data`, type: '2', linkpath: '/etc' },
      ],
      /link points outside/,
    ],
    [
      'a relative link that climbs out',
      [{ path: `${PIPER}/data`, type: '2', linkpath: '../../..' }],
      /outside the folder/,
    ],
    ['a device', [{ path: `${PIPER}/null`, type: '3' }], /CharacterDevice/],
    [
      'an entry outside the top folder',
      [{ path: 'other/model.onnx', type: '0', data: Buffer.from('x') }],
      /is not in/,
    ],
    [
      'a file larger than the cap',
      [
        {
          path: `${PIPER}/model.onnx`,
          type: '0',
          data: Buffer.alloc(4096),
          declaredSize: 3 * 2 ** 30,
        },
      ],
      /unpacks to more than/,
    ],
    [
      'a small archive that decompresses to 8 MiB of zeros after its end (a bzip2 bomb)',
      [{ path: `${PIPER}/model.onnx`, type: '0', data: Buffer.from('x') }],
      /unpacks to more than/,
      8 * 2 ** 20,
    ],
  ];

  it.each(hostile)(
    'refuses %s and writes nothing outside its staging folder',
    async (_name, entries, reason, trailingZeros) => {
      const dir = tempDir('dc-hostile-');
      const file = path.join(served, `${PIPER}-hostile.tar.bz2`);
      writeHostileTarBz2(file, entries, trailingZeros);
      const bytes = fs.statSync(file).size;
      const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      const modelsDir = path.join(dir, 'models');
      const report = await install(modelsDir, [
        { ...piper, url: `${server.url}/${path.basename(file)}`, bytes, sha256 },
      ]);
      expect(report.archives[0]).toMatchObject({ status: 'refused' });
      expect((report.archives[0] as { reason: string }).reason).toMatch(reason);
      expect(fs.readdirSync(dir)).toEqual(['models']);
      expect(fs.readdirSync(modelsDir)).toEqual([DOWNLOADS_FOLDER]);
      expect(fs.existsSync('/tmp/dc-escaped.txt')).toBe(false);
    },
  );
});

describe('npm run voices:install', () => {
  const cli = (env: Record<string, string>) =>
    run(
      path.resolve('node_modules/.bin/tsx'),
      [path.resolve('server/src/features/voices/install/cli.ts')],
      {
        env: { ...process.env, ...env },
      },
    );

  it('installs from a catalogue file and reports what it did; a second run skips', async () => {
    const dataDir = tempDir('dc-data-');
    const catalogue = path.join(dataDir, 'catalogue.json');
    fs.writeFileSync(catalogue, JSON.stringify([piper]));
    const env = { DATA_DIR: dataDir, VOICE_MODELS_CATALOGUE: catalogue };
    const first = await cli(env);
    expect(first.stdout).toContain('Natural voices: 1 installed, 0 already there');
    const installed = path.join(dataDir, 'voice-models', PIPER);
    expect(fs.existsSync(path.join(installed, INSTALL_RECORD))).toBe(true);
    // Every file is whole: the same bytes as the fixture packed.
    expect(fs.readFileSync(path.join(installed, 'tokens.txt'))).toEqual(
      fs.readFileSync(path.join(VOICE_MODEL_FIXTURES, 'tiny-piper', 'tokens.txt')),
    );
    const second = await cli(env);
    expect(second.stdout).toContain('Natural voices: 0 installed, 1 already there');
  });

  it('without a network says in one line how to add them later, and exits 0', async () => {
    const dataDir = tempDir('dc-data-');
    const catalogue = path.join(dataDir, 'catalogue.json');
    const closed = `http://127.0.0.1:${await freePort()}`;
    fs.writeFileSync(catalogue, JSON.stringify([{ ...piper, url: `${closed}/x.tar.bz2` }]));
    const { stdout } = await cli({ DATA_DIR: dataDir, VOICE_MODELS_CATALOGUE: catalogue });
    const said = stdout.trim().split('\n');
    expect(said.at(-1)).toMatch(
      /^Natural voices: not fetched \(127\.0\.0\.1:\d+ could not be reached .*\)\. Natural voices can be added later with `npm run voices:install`/,
    );
  });

  it('VOICE_MODELS_AUTO=0 turns it off', async () => {
    const dataDir = tempDir('dc-data-');
    const { stdout } = await cli({ DATA_DIR: dataDir, VOICE_MODELS_AUTO: '0' });
    expect(stdout.trim()).toMatch(/^Natural voices: not fetched \(VOICE_MODELS_AUTO=0\)/);
    expect(fs.existsSync(path.join(dataDir, 'voice-models'))).toBe(false);
  });

  it('exits 1 when an archive was refused', async () => {
    const dataDir = tempDir('dc-data-');
    const catalogue = path.join(dataDir, 'catalogue.json');
    fs.writeFileSync(catalogue, JSON.stringify([{ ...piper, sha256: 'b'.repeat(64) }]));
    await expect(
      cli({ DATA_DIR: dataDir, VOICE_MODELS_CATALOGUE: catalogue }),
    ).rejects.toMatchObject({
      code: 1,
    });
  });
});
