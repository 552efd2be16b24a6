import { beforeEach, describe, expect, it } from 'vitest';
import { readScriptSettings, writeScriptSettings } from './settings-store';

const KEY = 'doublecast.rehearsal.scripts';

describe('the self-tape choices kept per script', () => {
  beforeEach(() => localStorage.clear());

  it('are read back on the next visit, for that script only', () => {
    writeScriptSettings('s1', { selfTape: { offsetDb: -14, headphones: true, guides: false } });
    expect(readScriptSettings('s1').selfTape).toEqual({
      offsetDb: -14,
      headphones: true,
      guides: false,
    });
    expect(readScriptSettings('s2').selfTape).toBeUndefined();
  });

  it("sit beside the rehearsal's choices without replacing them", () => {
    writeScriptSettings('s1', { speed: 1.25, cueMode: 'timed' });
    writeScriptSettings('s1', { selfTape: { offsetDb: -6, headphones: false, guides: true } });
    writeScriptSettings('s1', { speed: 1.5 });
    const saved = readScriptSettings('s1');
    expect(saved.speed).toBe(1.5);
    expect(saved.cueMode).toBe('timed');
    expect(saved.selfTape).toEqual({ offsetDb: -6, headphones: false, guides: true });
  });

  it('forget a value out of range or of the wrong kind, and keep the rest', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        s1: { speed: 1.25, selfTape: { offsetDb: 6, headphones: 'yes', guides: false } },
        s2: { speed: 1.25, selfTape: { offsetDb: -12.5, headphones: true } },
        s3: { speed: 1.25, selfTape: 'loud' },
      }),
    );
    expect(readScriptSettings('s1')).toMatchObject({ speed: 1.25, selfTape: { guides: false } });
    expect(readScriptSettings('s1').selfTape?.offsetDb).toBeUndefined();
    expect(readScriptSettings('s1').selfTape?.headphones).toBeUndefined();
    expect(readScriptSettings('s2').selfTape).toEqual({ headphones: true });
    expect(readScriptSettings('s3')).toEqual({ speed: 1.25 });
  });
});
