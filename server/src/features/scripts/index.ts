/** What other features use of scripts: they import it from here, never a file inside (decision 393). */
export { genderLeanOfCharacterName, genderOfCharacterName } from './first-name-genders';
export {
  findRehearsalLine,
  getRehearsalScript,
  getScript,
  getScriptCharacters,
  getScriptTitle,
  lockUserScripts,
  readRehearsalLineHeads,
  readRehearsalLines,
  type RehearsalScript,
  requireOwnScript,
} from './scripts.service';
