import { listCharacters, type Script } from '@doublecast/common/scripts';
import { parseScript } from '@doublecast/common/script-parser/parse-script';

/** A saved script of `content` as the server answers it, read by the shared parser. */
export function scriptOf(content: string): Script {
  const analysis = parseScript(content);
  return {
    id: 's1',
    title: 'Door',
    content,
    tags: [],
    isArchived: false,
    isFavorite: false,
    isSample: false,
    createdAt: '2026-03-15T12:00:00.000Z',
    updatedAt: '2026-03-15T12:00:00.000Z',
    lastOpenedAt: null,
    wordCount: 0,
    characterCount: content.length,
    analysis,
    characters: listCharacters(analysis),
  } as Script;
}
