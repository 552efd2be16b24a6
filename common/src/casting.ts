import type { ScriptAnalysis } from './scripts';

export type CastGender = 'male' | 'female';
export type CastAge = 'child' | 'young' | 'adult' | 'old';

export interface CastCharacter {
  name: string;
  gender: CastGender | null;
  age: CastAge | null;
}

export interface CastableVoice {
  id: string;
  labels: { gender: 'male' | 'female' | 'neutral' | null; age?: string | null };
  category: 'men' | 'women' | 'children';
  /** A natural (neural or provider) voice: preferred over the basic offline ones. */
  natural?: boolean;
}

const CHILD_WORDS = /\b(GIRL|BOY|KID|CHILD|BABY|TODDLER|LITTLE|SON|DAUGHTER)\b/;
const YOUNG_WORDS = /\b(YOUNG|TEEN|TEENAGER|STUDENT|JUNIOR|JR)\b/;
const OLD_WORDS =
  /\b(OLD|ELDERLY|GRANDMA|GRANDPA|GRANDMOTHER|GRANDFATHER|GRANNY|NANA|SENIOR|WIDOW|SR)\b/;
const PARENT_WORDS = /\b(MOM|MUM|MOTHER|DAD|FATHER|MA|PA|AUNT|UNCLE|HUSBAND|WIFE)\b/;

/**
 * First names mostly given before 1950 (US Social Security and UK birth-register tops of those
 * decades that fell out of use since): a character so named is likely older.
 */
const OLDER_NAMES = new Set(
  (
    'agnes,bernard,bertha,clarence,doris,dorothy,edgar,edith,edna,elmer,ethel,eugene,florence,' +
    'gertrude,gladys,harold,herbert,hilda,irene,irving,lillian,lois,mabel,marjorie,mildred,' +
    'milton,myrtle,norma,norman,percy,ralph,stanley,thelma,vera,vernon,walter,wilbur,wilma'
  ).split(','),
);

/**
 * How old each character is likely to be, from what the script says: words in the name (GIRL,
 * BOY, OLD MAN, GRANDMA, MOM, DAD), an age in parentheses where the name is introduced
 * ("MAYA (30s)", "SAM (8)", "(late 60s)"), words near the name in the action ("an old woman,
 * ROSE", "KIT, a young man"), and last an old-fashioned first name. Null when nothing says.
 */
export function inferAges(analysis: ScriptAnalysis): Record<string, CastAge | null> {
  const names = charactersOf(analysis);
  const actions = analysis.lines.filter((l) => l.kind === 'action').map((l) => l.text);
  const out: Record<string, CastAge | null> = {};
  for (const name of names) {
    const upper = name.replace(/\./g, '').toUpperCase();
    out[name] =
      (OLD_WORDS.test(upper) && 'old') ||
      (CHILD_WORDS.test(upper) && 'child') ||
      (YOUNG_WORDS.test(upper) && 'young') ||
      (PARENT_WORDS.test(upper) && 'adult') ||
      ageFromActions(name, actions) ||
      (OLDER_NAMES.has(upper.split(/\s+/)[0]!.toLowerCase()) ? 'old' : null);
  }
  return out;
}

function ageFromActions(name: string, actions: string[]): CastAge | null {
  const mention = new RegExp(`\\b${escape(name)}\\b`, 'i');
  for (const text of actions) {
    const at = text.search(mention);
    if (at < 0) continue;
    const after = text.slice(at + name.length, at + name.length + 40);
    const years = /^\s*\(\s*(?:(early|mid|late)[\s-]*)?(\d{1,2})(s)?\b/i.exec(after);
    if (years) return ageOfYears(Number(years[2]));
    if (/^\s*\(\s*(teens?|teenager)\b/i.test(after)) return 'young';
    // Only the sentence that names the character ("An old woman, ROSE, watches. KIT, a ...").
    const before =
      text
        .slice(Math.max(0, at - 40), at)
        .split(/[.!?]\s/)
        .pop() ?? '';
    const near = `${before} ${after.split(/[.!?](\s|$)/)[0]}`.toUpperCase();
    const words = near.match(/\b(OLD|ELDERLY|AGED|YOUNG|TEENAGE|LITTLE|GIRL|BOY|CHILD|KID)\b/g);
    if (!words) continue;
    if (words.some((w) => w === 'OLD' || w === 'ELDERLY' || w === 'AGED')) return 'old';
    if (words.some((w) => ['LITTLE', 'GIRL', 'BOY', 'CHILD', 'KID'].includes(w))) return 'child';
    return 'young';
  }
  return null;
}

function ageOfYears(years: number): CastAge {
  if (years < 13) return 'child';
  if (years < 25) return 'young';
  if (years < 60) return 'adult';
  return 'old';
}

function voiceAge(voice: CastableVoice): CastAge | null {
  if (voice.category === 'children') return 'child';
  const age = voice.labels.age?.toLowerCase() ?? '';
  if (/child|kid/.test(age)) return 'child';
  if (/old|elder|senior/.test(age)) return 'old';
  if (/middle/.test(age)) return 'adult';
  if (/young|teen/.test(age)) return 'young';
  return null;
}

const AGE_ORDER: CastAge[] = ['child', 'young', 'adult', 'old'];
/**
 * What sharing a voice costs: more than any fit short of a wrong gender or a child's voice for an
 * adult (or the reverse), so two characters share only when no fitting voice is left.
 */
const SHARED = 15;

/** How well a voice fits a character; higher is better. */
function fit(character: CastCharacter, voice: CastableVoice): number {
  let score = voice.natural ? 3 : 0;
  const gender = voice.labels.gender;
  if (character.gender && gender && gender !== 'neutral')
    score += gender === character.gender ? 10 : -20;
  const va = voiceAge(voice);
  const ca = character.age;
  if (ca === 'child' || va === 'child') {
    // A child's voice for a child only, and the other way round.
    score += ca === va ? 8 : -20;
  } else if (ca && va) {
    const distance = Math.abs(AGE_ORDER.indexOf(ca) - AGE_ORDER.indexOf(va));
    score += distance === 0 ? 4 : distance === 1 ? 1 : -3;
  } else if (!ca && (va === 'young' || va === 'adult')) {
    // Most parts with no age given are played by younger adults; old voices wait for old parts.
    score += 1;
  }
  return score;
}

/**
 * A voice for every character (docs/decisions/281): the one that fits the character's likely
 * gender and age best, natural voices before basic ones, and never a voice another character
 * of the scene already has while a fitting voice is unused (right gender; a child's voice only
 * for a child); characters are cast in the order given (put the biggest parts first). Ties go to
 * the catalogue's order.
 */
export function castVoices(
  characters: readonly CastCharacter[],
  voices: readonly CastableVoice[],
  options: { skip?: string; taken?: readonly string[] } = {},
): Record<string, string> {
  const used = new Map<string, number>();
  for (const id of options.taken ?? []) used.set(id, 1);
  const out: Record<string, string> = {};
  for (const c of characters) {
    if (c.name === options.skip) continue;
    let best: CastableVoice | null = null;
    let bestScore = -Infinity;
    for (const voice of voices) {
      const score = fit(c, voice) - SHARED * (used.get(voice.id) ?? 0);
      if (score > bestScore) {
        best = voice;
        bestScore = score;
      }
    }
    if (!best) continue;
    out[c.name] = best.id;
    used.set(best.id, (used.get(best.id) ?? 0) + 1);
  }
  return out;
}

/** The speaking characters of a script, most lines first. */
export function charactersOf(analysis: Pick<ScriptAnalysis, 'lines'>): string[] {
  const counts = new Map<string, number>();
  for (const line of analysis.lines)
    if (line.kind === 'dialogue' && line.character && line.spoken)
      counts.set(line.character, (counts.get(line.character) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
