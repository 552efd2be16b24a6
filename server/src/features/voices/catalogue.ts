/**
 * The offline voice catalogue: English voices made from festival, flite and espeak-ng, shaped
 * with sox. Parameters come from measurements of each engine on Debian (docs/glossary.md#offline-engines);
 * see docs/decisions/020-offline-voice-catalogue.md. Only these constants ever reach an engine's
 * command line or Scheme code: user text always travels through stdin or a temp file.
 */
interface BaseVoice {
  id: string;
  name: string;
  category: 'men' | 'women' | 'children';
  gender: 'male' | 'female';
  /** child, young adult, middle or old: "young" alone would make a woman a child under the children rule (docs/glossary.md#children-rule). */
  age: 'child' | 'young adult' | 'middle' | 'old';
  accent: string;
  description: string;
  useCase: string;
  bestFor: string[];
  /** sox effects applied after the engine (speed k restores the tempo of a slowed child voice). */
  sox: string[];
}

export interface FestivalVoice extends BaseVoice {
  engine: 'festival';
  /** Scheme evaluated before synthesis: a voice selection and fixed parameters, never user data. */
  setup: string;
}
export interface FliteVoice extends BaseVoice {
  engine: 'flite';
  voice: 'slt' | 'rms' | 'awb' | 'kal16';
  setf: Record<string, number>;
}
export interface EspeakVoice extends BaseVoice {
  engine: 'espeak';
  /** espeak-ng -v LANG+VARIANT; `en-gb+VARIANT` silently drops the variant, so never use it. */
  voice: string;
  wpm: number;
  pitch?: number;
}
export type LocalVoice = FestivalVoice | FliteVoice | EspeakVoice;

const HTS = '(voice_cmu_us_slt_arctic_hts)';

export const LOCAL_VOICES: readonly LocalVoice[] = [
  // Women
  {
    id: 'us-female-sally',
    name: 'Sally',
    category: 'women',
    gender: 'female',
    age: 'young adult',
    accent: 'american',
    engine: 'festival',
    setup: HTS,
    sox: [],
    description: 'Clear, warm young American woman; the smoothest of the basic offline voices.',
    useCase: 'narration',
    bestFor: ['narration', 'audiobooks', 'e-learning', 'self-tapes'],
  },
  {
    id: 'us-female-susan',
    name: 'Susan',
    category: 'women',
    gender: 'female',
    age: 'middle',
    accent: 'american',
    engine: 'flite',
    voice: 'slt',
    setf: { f0_shift: 0.9, duration_stretch: 1.05 },
    sox: [],
    description: 'Calm, slightly lower American woman in mid-life; steady and reassuring.',
    useCase: 'narration',
    bestFor: ['narration', 'corporate', 'drafts'],
  },
  {
    id: 'us-female-margaret',
    name: 'Margaret',
    category: 'women',
    gender: 'female',
    age: 'old',
    accent: 'american',
    engine: 'flite',
    voice: 'slt',
    setf: { f0_shift: 0.8, duration_stretch: 1.18 },
    sox: ['tremolo', '5', '12'],
    description: 'Older American woman: lower, slower and slightly tremulous.',
    useCase: 'characters',
    bestFor: ['grandmothers', 'storytelling', 'characters'],
  },
  {
    id: 'gb-female-victoria',
    name: 'Victoria',
    category: 'women',
    gender: 'female',
    age: 'middle',
    accent: 'british',
    engine: 'espeak',
    voice: 'en-gb-x-rp+f3',
    wpm: 165,
    sox: [],
    description: 'Crisp Received-Pronunciation British woman; precise and formal.',
    useCase: 'characters',
    bestFor: ['announcements', 'characters', 'pronunciation'],
  },
  {
    id: 'scot-female-isla',
    name: 'Isla',
    category: 'women',
    gender: 'female',
    age: 'young adult',
    accent: 'scottish',
    engine: 'espeak',
    voice: 'en-gb-scotland+f2',
    wpm: 170,
    sox: [],
    description: 'Young Scottish woman with a light, quick lilt.',
    useCase: 'characters',
    bestFor: ['dialogue', 'characters'],
  },
  {
    id: 'car-female-marcia',
    name: 'Marcia',
    category: 'women',
    gender: 'female',
    age: 'middle',
    accent: 'caribbean',
    engine: 'espeak',
    voice: 'en-029+f4',
    wpm: 160,
    sox: [],
    description: 'Caribbean-English woman with an easy, rolling rhythm.',
    useCase: 'characters',
    bestFor: ['dialogue', 'characters'],
  },
  {
    id: 'gb-north-female-gracie',
    name: 'Gracie',
    category: 'women',
    gender: 'female',
    age: 'young adult',
    accent: 'lancashire',
    engine: 'espeak',
    voice: 'en-gb-x-gbclan+f5',
    wpm: 175,
    sox: [],
    description: 'Breathy young woman from Lancashire in the north of England.',
    useCase: 'characters',
    bestFor: ['dialogue', 'characters'],
  },
  {
    id: 'gb-female-edith',
    name: 'Edith',
    category: 'women',
    gender: 'female',
    age: 'old',
    accent: 'british',
    engine: 'espeak',
    voice: 'en+f1',
    wpm: 145,
    sox: [],
    description: 'Elderly British woman with a gentle flutter in her voice.',
    useCase: 'characters',
    bestFor: ['grandmothers', 'period drama', 'characters'],
  },
  {
    id: 'nyc-female-rosa',
    name: 'Rosa',
    category: 'women',
    gender: 'female',
    age: 'middle',
    accent: 'new york',
    engine: 'espeak',
    voice: 'en-us-nyc+f2',
    wpm: 180,
    sox: [],
    description: 'Quick-witted New York City woman who keeps a scene moving.',
    useCase: 'characters',
    bestFor: ['comedy', 'dialogue', 'characters'],
  },
  // Men
  {
    id: 'us-male-tom',
    name: 'Tom',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'american',
    engine: 'festival',
    setup: '(voice_kal_diphone)',
    sox: [],
    description: 'Friendly all-American man with a clear, steady read; a reliable scene partner.',
    useCase: 'narration',
    bestFor: ['scene partner', 'narration', 'explainers'],
  },
  {
    id: 'us-male-russell',
    name: 'Russell',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'american',
    engine: 'flite',
    voice: 'rms',
    setf: {},
    sox: [],
    description: 'Deep, even American man; unhurried and authoritative.',
    useCase: 'narration',
    bestFor: ['documentary', 'narration', 'audiobooks'],
  },
  {
    id: 'scot-male-alan',
    name: 'Alan',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'scottish',
    engine: 'flite',
    voice: 'awb',
    setf: {},
    sox: [],
    description: 'Scottish man recorded from a real Scottish speaker; warm and grounded.',
    useCase: 'narration',
    bestFor: ['drama', 'narration', 'characters'],
  },
  {
    id: 'us-male-ked',
    name: 'Ked',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'american',
    engine: 'festival',
    setup: '(voice_ked_diphone)',
    sox: [],
    description: 'Classic flat American announcer voice with a retro, mechanical edge.',
    useCase: 'announcer',
    bestFor: ['announcer', 'retro', 'robots'],
  },
  {
    id: 'us-male-kevin',
    name: 'Kevin',
    category: 'men',
    gender: 'male',
    age: 'young adult',
    accent: 'american',
    engine: 'flite',
    voice: 'kal16',
    setf: { int_f0_target_mean: 118, duration_stretch: 0.95 },
    sox: [],
    description: 'Brisk, slightly higher young American man; energetic and direct.',
    useCase: 'dialogue',
    bestFor: ['explainers', 'dialogue', 'youth'],
  },
  {
    id: 'gb-male-rupert',
    name: 'Rupert',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'british',
    engine: 'espeak',
    voice: 'en-gb-x-rp+m3',
    wpm: 160,
    sox: [],
    description: 'Received-Pronunciation British man; polished and exact.',
    useCase: 'characters',
    bestFor: ['pronunciation', 'period drama', 'characters'],
  },
  {
    id: 'gb-north-male-lenny',
    name: 'Lenny',
    category: 'men',
    gender: 'male',
    age: 'young adult',
    accent: 'lancashire',
    engine: 'espeak',
    voice: 'en-gb-x-gbclan+m2',
    wpm: 175,
    sox: [],
    description: 'Young man from Lancashire with a plain northern delivery.',
    useCase: 'characters',
    bestFor: ['dialogue', 'characters'],
  },
  {
    id: 'gb-mid-male-wes',
    name: 'Wes',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'west midlands',
    engine: 'espeak',
    voice: 'en-gb-x-gbcwmd+m7',
    wpm: 165,
    sox: [],
    description: 'Breathy West Midlands man from around Birmingham.',
    useCase: 'characters',
    bestFor: ['dialogue', 'characters'],
  },
  {
    id: 'car-male-desmond',
    name: 'Desmond',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'caribbean',
    engine: 'espeak',
    voice: 'en-029+m3',
    wpm: 160,
    pitch: 40,
    sox: [],
    description: 'Low, relaxed Caribbean-English man.',
    useCase: 'characters',
    bestFor: ['dialogue', 'characters'],
  },
  {
    id: 'nyc-male-vinnie',
    name: 'Vinnie',
    category: 'men',
    gender: 'male',
    age: 'middle',
    accent: 'new york',
    engine: 'espeak',
    voice: 'en-us-nyc+m2',
    wpm: 185,
    sox: [],
    description: 'Fast-talking New York City man who never misses a beat.',
    useCase: 'characters',
    bestFor: ['comedy', 'characters'],
  },
  {
    id: 'us-male-walter',
    name: 'Walter',
    category: 'men',
    gender: 'male',
    age: 'old',
    accent: 'american',
    engine: 'flite',
    voice: 'rms',
    setf: { duration_stretch: 1.18 },
    sox: ['tremolo', '5.5', '15'],
    description: 'Elderly American man: slower, deeper and a little shaky.',
    useCase: 'characters',
    bestFor: ['grandfathers', 'storytelling', 'characters'],
  },
  {
    id: 'gb-male-bernard',
    name: 'Bernard',
    category: 'men',
    gender: 'male',
    age: 'old',
    accent: 'british',
    engine: 'espeak',
    voice: 'en+grandpa',
    wpm: 140,
    sox: [],
    description: 'Elderly British man with a gravelly, worn voice.',
    useCase: 'characters',
    bestFor: ['grandfathers', 'characters'],
  },
  {
    id: 'scot-male-angus',
    name: 'Angus',
    category: 'men',
    gender: 'male',
    age: 'old',
    accent: 'scottish',
    engine: 'espeak',
    voice: 'en-gb-scotland+m1',
    wpm: 145,
    sox: [],
    description: 'Elderly Scottish man; a fireside storyteller.',
    useCase: 'characters',
    bestFor: ['storytelling', 'characters'],
  },
  // Children: slow the engine by k, then sox `speed k` raises pitch and formants and restores the tempo.
  {
    id: 'us-girl-lily',
    name: 'Lily',
    category: 'children',
    gender: 'female',
    age: 'child',
    accent: 'american',
    engine: 'festival',
    setup: `(begin ${HTS} (set! hts_engine_params (append hts_engine_params (list (list "-r" 0.75)))))`,
    sox: ['speed', '1.33'],
    description: 'American girl of about ten; bright and curious.',
    useCase: 'characters',
    bestFor: ["children's stories", 'education', 'characters'],
  },
  {
    id: 'us-girl-mia',
    name: 'Mia',
    category: 'children',
    gender: 'female',
    age: 'child',
    accent: 'american',
    engine: 'flite',
    voice: 'slt',
    setf: { f0_shift: 1.2, duration_stretch: 1.26 },
    sox: ['speed', '1.26'],
    description: 'Younger American girl of about seven; playful and sweet.',
    useCase: 'characters',
    bestFor: ['cartoons', "children's stories", 'characters'],
  },
  {
    id: 'us-boy-timmy',
    name: 'Timmy',
    category: 'children',
    gender: 'male',
    age: 'child',
    accent: 'american',
    engine: 'flite',
    voice: 'kal16',
    setf: { int_f0_target_mean: 185, int_f0_target_stddev: 25, duration_stretch: 1.25 },
    sox: ['speed', '1.25'],
    description: 'Buzzy, cheeky American boy.',
    useCase: 'characters',
    bestFor: ['cartoons', 'characters'],
  },
  {
    id: 'scot-boy-jamie',
    name: 'Jamie',
    category: 'children',
    gender: 'male',
    age: 'child',
    accent: 'scottish',
    engine: 'flite',
    voice: 'awb',
    setf: { f0_shift: 1.6, duration_stretch: 1.22 },
    sox: ['speed', '1.22'],
    description: 'Scottish boy with a friendly, eager voice.',
    useCase: 'characters',
    bestFor: ["children's stories", 'characters'],
  },
  {
    id: 'gb-girl-poppy',
    name: 'Poppy',
    category: 'children',
    gender: 'female',
    age: 'child',
    accent: 'british',
    engine: 'espeak',
    voice: 'en+xchild_girl',
    wpm: 170,
    sox: [],
    description: 'British girl with a high, sing-song voice.',
    useCase: 'characters',
    bestFor: ['cartoons', 'characters'],
  },
  {
    id: 'gb-boy-oliver',
    name: 'Oliver',
    category: 'children',
    gender: 'male',
    age: 'child',
    accent: 'british',
    engine: 'espeak',
    voice: 'en+xchild_boy',
    wpm: 170,
    sox: [],
    description: 'British boy; quick and chatty.',
    useCase: 'characters',
    bestFor: ['cartoons', 'characters'],
  },
];

/**
 * Custom espeak-ng child variants (pitch and formants raised, no resampling), loaded through an
 * overlay data directory so the system data stays untouched.
 */
export const ESPEAK_CUSTOM_VARIANTS: Record<string, string> = {
  xchild_boy: `language variant
name xchild_boy
gender male 9
pitch 200 290
formant 0 118 90 130
formant 1 122 90 140
formant 2 122 80 140
formant 3 120 80 140
formant 4 118 85 140
formant 5 118 85 140
formant 6 115 80 140
formant 7 115 80 140
formant 8 115 80 140
consonants 105 105
`,
  xchild_girl: `language variant
name xchild_girl
gender female 8
pitch 230 330
formant 0 125 80 150
formant 1 130 80 160
formant 2 130 70 150
formant 3 125 70 150
formant 4 125 80 150
formant 5 125 80 150
formant 6 120 70 150
formant 7 120 70 150
formant 8 120 70 150
consonants 110 110
stressAdd 0 0 -10 -10 0 0 20 60
`,
};
