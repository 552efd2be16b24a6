import { castVoices, charactersOf, inferAges } from '@doublecast/common/casting';
import { inferGenders } from '@doublecast/common/script-parser/infer-genders';
import { splitDirections } from '@doublecast/common/script-parser/lines';
import { readScript } from '@doublecast/common/script-parser/read-script';
import type { ScriptAnalysis } from '@doublecast/common/scripts';
import {
  countCharacters,
  SCENE_TEXTS,
  type ReadingInput,
  type SceneCast,
} from '@doublecast/common/studio';
import { AppError } from '../../lib/app-error';
import { genderLeanOfCharacterName, genderOfCharacterName } from '../scripts';

export interface ScenePart {
  voiceId: string;
  text: string;
}

/** The Studio's text read as the import reads a pasted script (at most 5,000 characters: inline). */
export function readScene(text: string): { analysis: ScriptAnalysis; isScene: boolean } {
  const { analysis, report } = readScript(text, 'text');
  return { analysis, isScene: !report.noSpeech };
}

/**
 * How the narrator says a heading, action or transition: a scene heading as words ("INT.
 * KITCHEN - NIGHT" is "Interior. Kitchen, night."), the rest as written.
 */
function narrationText(line: { kind: string; text: string }): string {
  const text = line.text.trim();
  if (line.kind !== 'heading') return text;
  const place = /^(?:\d+[A-Z]?\s+)?(INT\.?\s*\/\s*EXT|I\/E|INT|EXT|EST)\.?\s*/i.exec(text);
  const rest = (place ? text.slice(place[0].length) : text)
    .replace(/\s+-+\s+/g, ', ')
    .toLowerCase()
    .replace(/^\p{L}/u, (c) => c.toUpperCase());
  const where = place
    ? /INT.*EXT|I\/E/i.test(place[1]!)
      ? 'Interior and exterior. '
      : /^EXT/i.test(place[1]!)
        ? 'Exterior. '
        : /^EST/i.test(place[1]!)
          ? 'Establishing. '
          : 'Interior. '
    : '';
  return `${where}${rest}${/[.!?]$/.test(rest) ? '' : '.'}`;
}

/** What a dialogue line says aloud: its words, never a parenthetical or the character's name. */
function spokenText(text: string): string {
  return splitDirections(text).text.trim();
}

/**
 * The parts of a scene reading, in order: every spoken dialogue line in its character's voice,
 * headings, action and transitions in the narrator's voice or left out; parentheticals and
 * character names are never read. A character without a voice is a clear error.
 */
export function sceneParts(text: string, scene: NonNullable<ReadingInput['scene']>): ScenePart[] {
  const { analysis, isScene } = readScene(text);
  if (!isScene) throw new AppError('invalid-argument', SCENE_TEXTS.notAScene);
  const parts: ScenePart[] = [];
  for (const line of analysis.lines) {
    if (line.kind === 'dialogue') {
      if (!line.spoken || !line.character) continue;
      const words = spokenText(line.text);
      if (!/[\p{L}\p{N}]/u.test(words)) continue;
      const voiceId = scene.cast[line.character];
      if (!voiceId)
        throw new AppError('invalid-argument', SCENE_TEXTS.castMissing(line.character), {
          field: 'cast',
          character: line.character,
        });
      parts.push({ voiceId, text: words });
    } else if (scene.narratorVoiceId && /[\p{L}\p{N}]/u.test(line.text)) {
      parts.push({ voiceId: scene.narratorVoiceId, text: narrationText(line) });
    }
  }
  if (parts.length === 0) throw new AppError('invalid-argument', SCENE_TEXTS.notAScene);
  return parts;
}

/** What a scene reading costs: the characters its parts speak. */
export function sceneCharacters(parts: readonly ScenePart[]): number {
  return parts.reduce((sum, p) => sum + countCharacters(p.text), 0);
}

/**
 * Whether a text is a script, and a voice for each character from the voices the user may use
 * (docs/decisions/281), biggest parts first, with a narrator voice none of them has.
 */
export function castScene(text: string, voices: Parameters<typeof castVoices>[1]): SceneCast {
  const { analysis, isScene } = readScene(text);
  if (!isScene)
    return {
      isScene: false,
      characters: [],
      spokenCharacters: 0,
      narrationCharacters: 0,
      narratorVoiceId: null,
    };
  const names = charactersOf(analysis);
  const genders = inferGenders(analysis, genderOfCharacterName, genderLeanOfCharacterName);
  const ages = inferAges(analysis);
  const characters = names.map((name) => ({
    name,
    gender: genders[name] ?? null,
    age: ages[name] ?? null,
  }));
  const cast = castVoices(characters, voices);
  const narrator = castVoices([{ name: '', gender: null, age: 'adult' }], voices, {
    taken: Object.values(cast),
  })[''];
  let spoken = 0;
  let narration = 0;
  const lines = new Map<string, number>();
  for (const line of analysis.lines) {
    if (line.kind === 'dialogue') {
      if (!line.spoken || !line.character) continue;
      lines.set(line.character, (lines.get(line.character) ?? 0) + 1);
      spoken += countCharacters(spokenText(line.text));
    } else narration += countCharacters(narrationText(line));
  }
  return {
    isScene: true,
    characters: characters.map((c) => ({
      ...c,
      lines: lines.get(c.name) ?? 0,
      voiceId: cast[c.name] ?? null,
    })),
    spokenCharacters: spoken,
    narrationCharacters: narration,
    narratorVoiceId: narrator ?? null,
  };
}
