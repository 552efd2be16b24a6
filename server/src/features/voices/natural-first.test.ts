import { describe, expect, it } from 'vitest';
import type { Voice } from '@doublecast/common/voices';
import { naturalFirst } from './voices.service';

const v = (id: string, engine: Voice['engine']) => ({ id, engine }) as Voice;

describe('the catalogue order', () => {
  it('puts natural voices first, each group in its own order', () => {
    const list = [v('tom', 'local'), v('amy', 'neural'), v('ann', 'local'), v('bella', 'openai')];
    expect(naturalFirst(list).map((x) => x.id)).toEqual(['amy', 'bella', 'tom', 'ann']);
    const basic = [v('tom', 'local'), v('ann', 'local')];
    expect(naturalFirst(basic)).toBe(basic);
  });
});
