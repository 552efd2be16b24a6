import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { EngineVoice } from './engine';
import { voiceFromId } from './openai';

/**
 * The model folders under VOICE_MODELS_DIR, in the layouts sherpa-onnx reads
 * (docs/decisions/152-local-neural-voices.md):
 *   Piper/VITS: one .onnx model (model.onnx preferred), tokens.txt, espeak-ng-data/
 *   Kokoro:     one .onnx model, voices.bin, tokens.txt, espeak-ng-data/ (lexicon-*.txt, dict/ optional)
 * and an optional voice.json beside the model naming the voice(s). Folders whose names start with
 * a dot (downloads and staging of `npm run voices:install`) are not models. A folder that is not usable is
 * reported with a plain reason and left out; sherpa-onnx ends the process on some malformed
 * models, so the files and the model's metadata are checked here, before it ever loads one.
 */

export type NeuralModelKind = 'piper' | 'kokoro';

export interface NeuralSpeaker {
  /** The catalogue's id within the engine: the folder, or folder/speaker for multi-speaker models. */
  id: string;
  sid: number;
  voice: EngineVoice;
}

export interface NeuralModel {
  folder: string;
  kind: NeuralModelKind;
  sampleRate: number;
  /** What the sherpa-onnx OfflineTts `model` config needs, paths absolute. */
  config: Record<string, unknown>;
  speakers: NeuralSpeaker[];
  /** Changes when the model files or voice.json change. */
  fingerprint: string;
}

export interface ModelScan {
  models: NeuralModel[];
  /** One line per unusable folder: "<folder>: <reason>". */
  problems: string[];
}

const labelsSchema = z.object({
  name: z.string().trim().min(1).max(60).optional(),
  gender: z.enum(['male', 'female', 'neutral']).optional(),
  accent: z.string().trim().max(40).optional(),
  age: z.string().trim().max(40).optional(),
  description: z.string().trim().max(500).optional(),
  bestFor: z.array(z.string().trim().min(1).max(40)).max(10).optional(),
});
/** voice.json: labels for the model's voice, and per speaker (by name or number) for multi-speaker models. */
const voiceJsonSchema = labelsSchema.extend({
  speakers: z.record(z.string(), labelsSchema).optional(),
});
type VoiceLabels = z.infer<typeof labelsSchema>;

const ACCENTS: Record<string, string> = { US: 'american', GB: 'british' };

export async function scanModelsDir(dir: string): Promise<ModelScan> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((e: unknown) => {
    throw new Error(`VOICE_MODELS_DIR ${dir} cannot be read: ${(e as Error).message}`);
  });
  const models: NeuralModel[] = [];
  const problems: string[] = [];
  for (const entry of entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))) {
    try {
      models.push(await readModelFolder(path.join(dir, entry.name)));
    } catch (e) {
      problems.push(`${entry.name}: ${(e as Error).message}`);
    }
  }
  return { models, problems };
}

async function readModelFolder(dir: string): Promise<NeuralModel> {
  const folder = path.basename(dir);
  if (!/^[\w.-]{1,80}$/.test(folder))
    throw new Error('the folder name may hold only letters, digits, dots, dashes and underscores');
  const files = await fs.promises.readdir(dir);
  const onnx = files.filter((f) => f.endsWith('.onnx'));
  const modelFile = onnx.includes('model.onnx')
    ? 'model.onnx'
    : onnx.length === 1
      ? onnx[0]!
      : null;
  if (!modelFile)
    throw new Error(
      onnx.length === 0
        ? 'no .onnx model'
        : `several .onnx files (${onnx.join(', ')}); name the one to use model.onnx`,
    );
  if (!files.includes('tokens.txt')) throw new Error('tokens.txt is missing');
  const espeak = path.join(dir, 'espeak-ng-data');
  if (!(await isDirectory(espeak)))
    throw new Error('espeak-ng-data/ is missing (copy it from the model archive)');
  const kind: NeuralModelKind = files.includes('voices.bin') ? 'kokoro' : 'piper';
  const modelPath = path.join(dir, modelFile);
  const meta = await readOnnxMetadata(modelPath);
  const need = (key: string) => {
    const value = meta.get(key);
    if (value === undefined) throw new Error(`${modelFile} has no "${key}" in its metadata`);
    return value;
  };
  const sampleRate = Number(need('sample_rate'));
  const speakerCount = Number(need('n_speakers'));
  if (!Number.isInteger(sampleRate) || sampleRate < 8000)
    throw new Error(`${modelFile} has an unusable sample_rate`);
  if (!Number.isInteger(speakerCount) || speakerCount < 1)
    throw new Error(`${modelFile} has an unusable n_speakers`);

  let config: Record<string, unknown>;
  let speakerNames: string[] = [];
  if (kind === 'kokoro') {
    need('has_espeak');
    const styleDim = need('style_dim').split(',').map(Number);
    if (
      styleDim.length !== 3 ||
      styleDim[1] !== 1 ||
      styleDim.some((n) => !Number.isInteger(n) || n < 1)
    )
      throw new Error(`${modelFile} has an unusable style_dim`);
    const voicesSize = (await fs.promises.stat(path.join(dir, 'voices.bin'))).size;
    if (voicesSize !== styleDim[0]! * styleDim[2]! * speakerCount * 4)
      throw new Error('voices.bin does not match the model (another version of the files?)');
    speakerNames = (meta.get('speaker_names') ?? '').split(',').map((s) => s.trim());
    const lexicons = files.filter((f) => /^lexicon-.*\.txt$/.test(f)).map((f) => path.join(dir, f));
    const dict = path.join(dir, 'dict');
    config = {
      kokoro: {
        model: modelPath,
        voices: path.join(dir, 'voices.bin'),
        tokens: path.join(dir, 'tokens.txt'),
        dataDir: espeak,
        ...(lexicons.length ? { lexicon: lexicons.join(',') } : {}),
        ...((await isDirectory(dict)) ? { dictDir: dict } : {}),
      },
    };
  } else {
    need('language');
    if (!/piper|coqui/.test(meta.get('comment') ?? ''))
      throw new Error(`${modelFile} is not a Piper model (its metadata has no comment "piper")`);
    config = {
      vits: { model: modelPath, tokens: path.join(dir, 'tokens.txt'), dataDir: espeak },
    };
  }

  let labels: z.infer<typeof voiceJsonSchema> = {};
  const voiceJsonPath = path.join(dir, 'voice.json');
  const voiceJsonText = await fs.promises.readFile(voiceJsonPath, 'utf8').catch(() => null);
  if (voiceJsonText !== null) {
    let raw: unknown;
    try {
      raw = JSON.parse(voiceJsonText);
    } catch {
      throw new Error('voice.json is not valid JSON');
    }
    const parsed = voiceJsonSchema.safeParse(raw);
    if (!parsed.success)
      throw new Error(
        `voice.json: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`,
      );
    labels = parsed.data;
  }

  const speakers: NeuralSpeaker[] = [];
  const add = (
    sid: number,
    key: string | null,
    own: VoiceLabels | undefined,
    guess: VoiceLabels,
  ) => {
    const merged = { ...guess, ...(key === null ? labels : {}), ...own };
    const id = key === null ? folder : `${folder}/${key}`;
    speakers.push({ id, sid, voice: toEngineVoice(id, merged) });
  };
  if (speakerCount === 1) {
    add(0, null, undefined, guessFromFolder(folder));
  } else if (kind === 'kokoro') {
    // Every Kokoro speaker is a voice; its name says accent and gender (af_bella).
    for (let sid = 0; sid < speakerCount; sid++) {
      const name = speakerNames[sid] || String(sid);
      const guess = voiceFromId(name);
      add(sid, name, labels.speakers?.[name] ?? labels.speakers?.[String(sid)], {
        name: guess.name,
        gender: guess.gender ?? undefined,
        accent: guess.accent ?? undefined,
      });
    }
  } else {
    // A Piper model with hundreds of speakers offers those voice.json names, or its first one.
    const chosen = Object.keys(labels.speakers ?? {});
    if (chosen.length === 0) add(0, null, undefined, guessFromFolder(folder));
    for (const key of chosen) {
      const sid = Number(key);
      if (!Number.isInteger(sid) || sid < 0 || sid >= speakerCount)
        throw new Error(`voice.json: speaker "${key}" is not a number below ${speakerCount}`);
      add(sid, key, labels.speakers![key], {
        ...guessFromFolder(folder),
        name: `${guessFromFolder(folder).name} ${sid}`,
      });
    }
  }

  const stat = await fs.promises.stat(modelPath);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([folder, kind, stat.size, stat.mtimeMs, voiceJsonText]))
    .digest('hex')
    .slice(0, 12);
  return { folder, kind, sampleRate, config, speakers, fingerprint };
}

/** Piper's names say language, region, speaker and quality: en_GB-alba-medium. */
function guessFromFolder(folder: string): VoiceLabels {
  const piper = /(?:^|-)([a-z]{2})_([A-Z]{2})-([^-]+)-(x_low|low|medium|high)$/.exec(folder);
  if (piper) {
    return {
      name: titleCase(piper[3]!),
      accent: ACCENTS[piper[2]!] ?? piper[2]!.toLowerCase(),
    };
  }
  return { name: titleCase(folder.replace(/^(vits|kokoro)-(piper-)?/, '')) };
}

function titleCase(s: string): string {
  return s
    .replace(/[_-]+/g, ' ')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

function toEngineVoice(id: string, l: VoiceLabels): EngineVoice {
  const gender = l.gender ?? null;
  const age = l.age?.toLowerCase() ?? null;
  return {
    providerVoiceId: id,
    name: l.name ?? id,
    description: l.description ?? null,
    labels: { gender, age, accent: l.accent?.toLowerCase() ?? null, useCase: null },
    bestFor: l.bestFor ?? [],
    category: age === 'child' ? 'children' : gender === 'female' ? 'women' : 'men',
    previewUrl: null,
  };
}

async function isDirectory(p: string): Promise<boolean> {
  return (await fs.promises.stat(p).catch(() => null))?.isDirectory() ?? false;
}

/**
 * The metadata_props of an ONNX ModelProto (field 14: key 1, value 2), read by walking the
 * top-level protobuf fields and skipping the rest, so a 300 MB model costs a few small reads.
 */
export async function readOnnxMetadata(file: string): Promise<Map<string, string>> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const meta = new Map<string, string>();
    let pos = 0;
    const head = Buffer.alloc(20);
    while (pos < size) {
      const { bytesRead } = await handle.read(head, 0, head.length, pos);
      let at = 0;
      const varint = () => {
        let value = 0;
        for (let shift = 0; shift < 64; shift += 7) {
          if (at >= bytesRead) throw new Error('the model file is cut short');
          const byte = head[at++]!;
          value += (byte & 0x7f) * 2 ** shift;
          if (byte < 0x80) return value;
        }
        throw new Error('the model file is not ONNX');
      };
      const tag = varint();
      const field = Math.floor(tag / 8);
      const wire = tag & 7;
      if (wire === 0) {
        varint();
        pos += at;
      } else if (wire === 2) {
        const length = varint();
        pos += at;
        if (pos + length > size) throw new Error('the model file is cut short or not ONNX');
        if (field === 14 && length < 1 << 20) {
          const entry = Buffer.alloc(length);
          await handle.read(entry, 0, length, pos);
          const [key, value] = readEntry(entry);
          if (key) meta.set(key, value);
        }
        pos += length;
      } else if (wire === 1) pos += at + 8;
      else if (wire === 5) pos += at + 4;
      else throw new Error('the model file is not ONNX');
    }
    return meta;
  } catch (e) {
    throw new Error(`${path.basename(file)}: ${(e as Error).message}`);
  } finally {
    await handle.close();
  }
}

function readEntry(buf: Buffer): [string, string] {
  let at = 0;
  let key = '';
  let value = '';
  const varint = () => {
    let v = 0;
    for (let shift = 0; at < buf.length; shift += 7) {
      const byte = buf[at++]!;
      v += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    return v;
  };
  while (at < buf.length) {
    const tag = varint();
    if ((tag & 7) !== 2) break;
    const length = varint();
    const text = buf.toString('utf8', at, at + length);
    at += length;
    if (tag >> 3 === 1) key = text;
    else if (tag >> 3 === 2) value = text;
  }
  return [key, value];
}
