import { afterEach, describe, expect, it } from 'vitest';
import { readScriptSettings, writeScriptSettings } from '../settings-store';
import { wordsOf } from './line-menu';
import { lineDelivery } from './use-rehearsal';

describe("a partner line's note and kept take", () => {
  afterEach(() => window.localStorage.clear());

  it('are sent with the line only when set', () => {
    const delivery = { notes: { l1: 'whispering' }, takes: { l1: 3, l2: 2 } };
    expect(lineDelivery(delivery, 'l1')).toEqual({ note: 'whispering', take: 3 });
    expect(lineDelivery(delivery, 'l2')).toEqual({ take: 2 });
    expect(lineDelivery(delivery, 'l3')).toEqual({});
  });

  it('are remembered per script, and a stored value out of range is dropped', () => {
    writeScriptSettings('s1', { notes: { l1: 'fast' }, takes: { l1: 2 } });
    expect(readScriptSettings('s1')).toMatchObject({ notes: { l1: 'fast' }, takes: { l1: 2 } });
    expect(readScriptSettings('s2').notes).toBeUndefined();
    window.localStorage.setItem(
      'doublecast.rehearsal.scripts',
      JSON.stringify({ s1: { role: 'ANNA', takes: { l1: 99 } } }),
    );
    expect(readScriptSettings('s1').takes).toBeUndefined();
  });
});

describe('the words a respelling can be given for', () => {
  it('are the words of the line, once each, as written', () => {
    expect(wordsOf("Siobhan's here, O'Brien. siobhan? Mary-Jane 42")).toEqual([
      'Siobhan',
      'here',
      "O'Brien",
      'Mary',
      'Jane',
      '42',
    ]);
  });
});
