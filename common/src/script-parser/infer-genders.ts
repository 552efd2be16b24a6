import type { ScriptAnalysis } from '../scripts';

type Gender = 'male' | 'female';

const MALE_WORDS =
  /\b(MR|MISTER|MAN|BOY|FATHER|DAD|DADDY|KING|PRINCE|BROTHER|SON|UNCLE|HUSBAND|BOYFRIEND|GRANDPA|GRANDFATHER|SIR|LORD|GUY|NEPHEW|WAITER|MONK|PRIEST)\b/;
const FEMALE_WORDS =
  /\b(MRS|MS|MISS|WOMAN|GIRL|MOTHER|MOM|MUM|MOMMY|QUEEN|PRINCESS|SISTER|DAUGHTER|AUNT|WIFE|GIRLFRIEND|GRANDMA|GRANDMOTHER|LADY|MADAM|NIECE|WAITRESS|NUN)\b/;

/**
 * What the script implies about each character's gender, for voice suggestions only: a title
 * or role word in the name ("MRS. PATEL", "OLD MAN"), else a common first name that
 * `genderOfName` knows ("JONAH"; it answers null when unsure), else the pronouns in the action
 * that introduces the character ("ANNA (30s) ... She ..."), else what the name leans to. Null
 * when none of these says.
 */
export function inferGenders(
  analysis: ScriptAnalysis,
  genderOfName: (name: string) => Gender | null = () => null,
  /** What a name leans to when the lists are unsure (SAM: male); used when nothing else says. */
  leanOfName: (name: string) => Gender | null = () => null,
): Record<string, Gender | null> {
  const names = [
    ...new Set(
      analysis.lines.filter((l) => l.kind === 'dialogue' && l.character).map((l) => l.character!),
    ),
  ];
  const actions = analysis.lines.filter((l) => l.kind === 'action').map((l) => l.text);
  const result: Record<string, Gender | null> = {};
  for (const name of names) {
    const upper = name.replace(/\./g, '');
    if (MALE_WORDS.test(upper) && !FEMALE_WORDS.test(upper)) result[name] = 'male';
    else if (FEMALE_WORDS.test(upper) && !MALE_WORDS.test(upper)) result[name] = 'female';
    else
      result[name] = genderOfName(name) ?? fromPronouns(name, names, actions) ?? leanOfName(name);
  }
  return result;
}

function fromPronouns(name: string, names: string[], actions: string[]): Gender | null {
  const others = names.filter((n) => n !== name);
  const mention = new RegExp(`\\b${escape(name)}\\b`, 'i');
  let male = 0;
  let female = 0;
  for (const text of actions) {
    const sentences = text.split(/(?<=[.!?])(?<!\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr)\.)\s+/i);
    sentences.forEach((sentence, i) => {
      const at = sentence.search(mention);
      if (at < 0) return;
      // The rest of the sentence that names the character, and the next sentence when it
      // opens with a pronoun, up to the first mention of someone else.
      let window = sentence.slice(at + name.length);
      const following = sentences[i + 1];
      if (following && /^(he|she)\b/i.test(following)) window += ` ${following}`;
      for (const other of others) {
        const cut = window.search(new RegExp(`\\b${escape(other)}\\b`, 'i'));
        if (cut >= 0) window = window.slice(0, cut);
      }
      // A subject pronoun says more than a possessive or object one ("He offers her one").
      male += 2 * count(window, /\bhe\b/gi) + count(window, /\b(his|him|himself)\b/gi);
      female += 2 * count(window, /\bshe\b/gi) + count(window, /\b(her|hers|herself)\b/gi);
      // "an old woman, ROSE," / "KIT, a young man soaked from the rain,"
      for (const near of [sentence.slice(Math.max(0, at - 30), at), window.slice(0, 30)]) {
        const words = near.toUpperCase();
        if (MALE_WORDS.test(words) && !FEMALE_WORDS.test(words)) male += 3;
        if (FEMALE_WORDS.test(words) && !MALE_WORDS.test(words)) female += 3;
      }
    });
  }
  if (male > female) return 'male';
  if (female > male) return 'female';
  return null;
}

function count(text: string, re: RegExp): number {
  return (text.match(re) ?? []).length;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
