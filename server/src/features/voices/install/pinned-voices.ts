import { z } from 'zod';

/**
 * The natural voices `npm run voices:install` fetches: archives the sherpa-onnx project publishes
 * (its GitHub release `tts-models`), each pinned by address, size in bytes and SHA-256. Where each
 * sum comes from is written down in docs/decisions/280-natural-voices-at-install.md. Only voices
 * whose training data allows commercial use are listed (Doublecast is sold): public domain
 * (LibriVox readers), CC BY 4.0, CC BY-SA 4.0 and Apache-2.0; Piper's Lessac, Ryan, Amy, HFC and
 * Semaine voices are left out for their non-commercial or unstated terms.
 */
const RELEASE = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models';

const labelsSchema = z.object({
  name: z.string().min(1).max(60).optional(),
  gender: z.enum(['male', 'female', 'neutral']).optional(),
  accent: z.string().max(40).optional(),
  age: z.string().max(40).optional(),
  description: z.string().max(500).optional(),
  bestFor: z.array(z.string().min(1).max(40)).max(10).optional(),
});

export const pinnedArchiveSchema = z.object({
  /** The archive's one top folder, which becomes the model's folder in VOICE_MODELS_DIR. */
  folder: z.string().regex(/^[\w.-]{1,80}$/),
  url: z.url(),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  licence: z.string().min(1).max(200),
  /** Written beside the model as voice.json (names, labels; per speaker for Kokoro). */
  voice: labelsSchema.extend({ speakers: z.record(z.string(), labelsSchema).optional() }),
  /** Most bytes the unpacked folder may hold; default three times the archive. */
  maxUnpackedBytes: z.number().int().positive().optional(),
});
export type PinnedArchive = z.infer<typeof pinnedArchiveSchema>;
export const pinnedCatalogueSchema = z.array(pinnedArchiveSchema).min(1).max(100);

const piper = (
  voice: string,
  bytes: number,
  sha256: string,
  licence: string,
  labels: PinnedArchive['voice'],
): PinnedArchive => ({
  folder: `vits-piper-${voice}`,
  url: `${RELEASE}/vits-piper-${voice}.tar.bz2`,
  bytes,
  sha256,
  licence,
  voice: labels,
});

const kokoroSpeaker = (name: string, description: string) => ({
  name,
  age: 'young adult',
  description,
  bestFor: ['scene partner', 'narration'],
});

/**
 * In the order they are installed: a smaller VOICE_MODELS_MAX_MB keeps the first ones that fit.
 * The default 500 MiB takes Kokoro (eleven American and British women and men) and three Piper
 * voices (an older American man, an American woman, an older British woman): 497 MiB.
 */
export const PINNED_VOICE_ARCHIVES: PinnedArchive[] = [
  {
    folder: 'kokoro-en-v0_19',
    url: `${RELEASE}/kokoro-en-v0_19.tar.bz2`,
    bytes: 319_625_534,
    sha256: '912804855a04745fa77a30be545b3f9a5d15c4d66db00b88cbcd4921df605ac7',
    licence: 'Apache-2.0 (Kokoro-82M)',
    maxUnpackedBytes: 500 * 1024 * 1024,
    voice: {
      speakers: {
        af: kokoroSpeaker('Abby', 'Warm, even American woman.'),
        af_bella: kokoroSpeaker('Bella', 'Bright, lively American woman.'),
        af_nicole: kokoroSpeaker('Nicole', 'Soft, close American woman.'),
        af_sarah: kokoroSpeaker('Sarah', 'Clear, direct American woman.'),
        af_sky: kokoroSpeaker('Sky', 'Light, airy American woman.'),
        am_adam: kokoroSpeaker('Adam', 'Relaxed American man.'),
        am_michael: kokoroSpeaker('Michael', 'Steady, warm American man.'),
        bf_emma: kokoroSpeaker('Emma', 'Polished British woman.'),
        bf_isabella: kokoroSpeaker('Isabella', 'Crisp British woman.'),
        bm_george: kokoroSpeaker('George', 'Assured British man.'),
        bm_lewis: kokoroSpeaker('Lewis', 'Easy-going British man.'),
      },
    },
  },
  piper(
    'en_US-norman-medium',
    67_203_672,
    '1f32065d480abe9abc7c7f91442125d0b34c1cc065d1e600466cac408eabf3b8',
    'public domain (LibriVox)',
    {
      name: 'Norman',
      gender: 'male',
      accent: 'american',
      age: 'old',
      description: 'Deep, unhurried older American man.',
      bestFor: ['fathers and grandfathers', 'narration'],
    },
  ),
  piper(
    'en_US-kristin-medium',
    67_259_230,
    'c2206f572df2956c50b1ae3367eebce3853c663e890cba8048cd62b1e4dbe6c7',
    'public domain (LibriVox)',
    {
      name: 'Kristin',
      gender: 'female',
      accent: 'american',
      age: 'young adult',
      description: 'Friendly, natural American woman.',
      bestFor: ['scene partner', 'audition reader'],
    },
  ),
  piper(
    'en_GB-cori-medium',
    67_257_412,
    '49c9a5361bbdd95d7ca9687c4de11e5908481f65e7c7c368960df79949fdac2b',
    'public domain (LibriVox)',
    {
      name: 'Cori',
      gender: 'female',
      accent: 'british',
      age: 'middle',
      description: 'Expressive, mature British woman.',
      bestFor: ['mothers', 'narration'],
    },
  ),
  piper(
    'en_GB-northern_english_male-medium',
    67_210_490,
    '2bb2c1e709f58c11f17c693b3b38f500e110e7f54f2651774ec48b8d41f12c55',
    'CC BY-SA 4.0 (OpenSLR 83)',
    {
      name: 'Ned',
      gender: 'male',
      accent: 'northern english',
      age: 'young adult',
      description: 'Northern English man, plain and direct.',
      bestFor: ['scene partner'],
    },
  ),
  piper(
    'en_GB-alba-medium',
    67_212_349,
    'fcd45962906933eec4431d3688f7d74aaac8713c87c6717f91fd3b23463aa1a1',
    'CC BY 4.0 (University of Edinburgh)',
    {
      name: 'Alba',
      gender: 'female',
      accent: 'scottish',
      age: 'young adult',
      description: 'Young Scottish woman, clear and light.',
      bestFor: ['scene partner'],
    },
  ),
  piper(
    'en_US-john-medium',
    67_249_181,
    'd90362cfa48e429d3096f644785184446145b6e38216f2eaf4c0601b8aad5a36',
    'public domain (LibriVox)',
    {
      name: 'John',
      gender: 'male',
      accent: 'american',
      age: 'middle',
      description: 'Measured American man in his middle years.',
      bestFor: ['narration', 'scene partner'],
    },
  ),
  piper(
    'en_US-ljspeech-high',
    115_817_679,
    '00c6408d2409050312193b0d40ae07fde28af7d3d45a56efcc55440db516b935',
    'public domain (LJ Speech)',
    {
      name: 'Linda',
      gender: 'female',
      accent: 'american',
      age: 'young adult',
      description: 'Clear American woman, a reading voice.',
      bestFor: ['narration'],
    },
  ),
];

export const DEFAULT_VOICE_MODELS_MAX_MB = 500;

/** The archives a budget in MiB takes: each in order while it still fits. */
export function archivesWithin(archives: readonly PinnedArchive[], maxMb: number): PinnedArchive[] {
  let left = maxMb * 1024 * 1024;
  const out: PinnedArchive[] = [];
  for (const archive of archives) {
    if (archive.bytes > left) continue;
    out.push(archive);
    left -= archive.bytes;
  }
  return out;
}
