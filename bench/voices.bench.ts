/**
 * Voices: time to first MP3 byte and total time for a 1,000-character text per offline engine
 * family, through the synthesis service (cache miss), beside the bare engine command for the
 * same text in the same run, and a cache hit. Figures are medians of 3 runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp } from '../server/src/test/test-app';
import { LOCAL_VOICES } from '../server/src/features/voices/catalogue';
import { createLocalEngine } from '../server/src/features/voices/engines/local';
import {
  LAME_PCM_TO_MP3_ARGS,
  parseWav,
  runProgram,
  soxRawPcmInput,
} from '../server/src/features/voices/audio';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { sized } from './smoke';

const RUNS = sized(3, 1);
const TEXT_CHARS = sized(1000, 60);
const MONOLOGUE =
  "You think I don't know what you did last summer? I watched you walk out of that theatre with the script under your arm, " +
  'smiling as if the whole world owed you a standing ovation. Well, it does not. Not tonight. Tonight you sit down, you listen, ' +
  'and for once in your life you let somebody else have the last word. Do you remember the first rehearsal? You forgot every ' +
  'line, and I fed them to you one by one from the wings, quietly, so nobody would know. I never asked for thanks. I never asked ' +
  'for anything at all. But now the director wants one of us gone, and I will not be the one who leaves. So here is the deal. ' +
  'You tell them the truth about the missing pages, and I will keep quiet about the rest. Agreed? Good. Now, from the top, and ' +
  'this time, please, try to mean it.';
const TEXT = MONOLOGUE.slice(0, TEXT_CHARS);

const families = [
  { family: 'espeak-ng', voiceId: 'gb-male-rupert' },
  { family: 'flite (clustergen)', voiceId: 'us-female-susan' },
  { family: 'festival (HTS)', voiceId: 'us-female-sally' },
  { family: 'festival (diphone)', voiceId: 'us-male-tom' },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeStream(
  start: () => Promise<{ audio: NodeJS.ReadableStream }>,
): Promise<{ firstByte: number; total: number; bytes: number }> {
  const t0 = performance.now();
  const { audio } = await start();
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of audio) {
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += (chunk as Buffer).length;
  }
  return { firstByte, total: performance.now() - t0, bytes };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-voices-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const engine = createLocalEngine({ workDir: path.join(dataDir, 'bare') });
  fs.mkdirSync(path.join(dataDir, 'bare'), { recursive: true });
  const rows = await t.db.kysely.selectFrom('voices').select(['id', 'provider_voice_id']).execute();
  const rowId = new Map(rows.map((r) => [r.provider_voice_id, r.id]));
  const table: string[][] = [];
  try {
    for (const { family, voiceId } of families) {
      const voice = LOCAL_VOICES.find((v) => v.id === voiceId)!;
      const bare: number[] = [];
      const barePipeline: number[] = [];
      const ttfb: number[] = [];
      const total: number[] = [];
      const hitTtfb: number[] = [];
      const hitTotal: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A different text each run, so every service call is a cache miss.
        const text = `Take ${run + 1}. ${TEXT}`.slice(0, TEXT_CHARS);
        const b0 = performance.now();
        await engine.renderRaw(voice, text, path.join(dataDir, 'bare'));
        bare.push(performance.now() - b0);
        // The same audio through sox and lame in one go, as a one-shot script would run it.
        const p0 = performance.now();
        const pcm = parseWav(await engine.renderRaw(voice, text, path.join(dataDir, 'bare')));
        const raw = await runProgram(
          'sox',
          [
            ...soxRawPcmInput(pcm.sampleRate, pcm.channels),
            '-t',
            'raw',
            '-',
            ...voice.sox,
            'rate',
            '44100',
          ],
          { input: pcm.data },
        );
        await runProgram('lame', [...LAME_PCM_TO_MP3_ARGS], { input: raw });
        barePipeline.push(performance.now() - p0);
        const request = {
          text,
          voiceId: rowId.get(voiceId)!,
          settings: DEFAULT_SYNTHESIS_SETTINGS,
          userId: null,
          requestId: `bench-${run}`,
        };
        const miss = await timeStream(() => t.ctx.synthesis.synthesize(request));
        ttfb.push(miss.firstByte);
        total.push(miss.total);
        const hit = await timeStream(() => t.ctx.synthesis.synthesize(request));
        hitTtfb.push(hit.firstByte);
        hitTotal.push(hit.total);
      }
      table.push([
        family,
        voice.name,
        median(bare).toFixed(0),
        median(barePipeline).toFixed(0),
        median(ttfb).toFixed(0),
        median(total).toFixed(0),
        (median(total) / median(bare)).toFixed(2),
        (median(total) / median(barePipeline)).toFixed(2),
        (median(ttfb) / median(bare)).toFixed(2),
        median(hitTtfb).toFixed(1),
        median(hitTotal).toFixed(1),
      ]);
    }
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const header = [
    'engine family',
    'voice',
    'bare engine ms',
    'bare engine+sox+lame ms',
    'service TTFB ms',
    'service total ms',
    'total / bare',
    'total / bare pipeline',
    'TTFB / bare',
    'cache hit TTFB ms',
    'cache hit total ms',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `${TEXT_CHARS.toLocaleString('en-US')}-character text, median of ${RUNS} runs, ${os.availableParallelism()} cores.`,
  );
  console.log(
    '"bare engine": the engine command alone writing WAV for the whole text; "bare engine+sox+lame": the same audio\n' +
      'resampled and encoded to MP3 in one go (no sentence streaming, levelling, cache or metrics).\n',
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of table) console.log(line(row));
}

await main();
