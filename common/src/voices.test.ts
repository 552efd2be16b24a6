import { describe, expect, it } from 'vitest';
import {
  defaultVoiceCategory,
  isAutoplayVoice,
  matchesVoiceSearch,
  truncateDescription,
} from './voices';

describe('defaultVoiceCategory (the children rule)', () => {
  it.each([
    ['Rachel', 'female', 'young', 'children'],
    ['Lily', 'female', 'child', 'children'],
    ['Timmy', 'male', 'child', 'children'],
    ['Ethan', 'male', 'young', 'children'],
    ['Josh', 'male', 'young', 'men'],
    ['Sally', 'female', 'young adult', 'women'],
    ['Arnold', 'male', 'middle', 'men'],
    ['Dorothy', 'female', 'old', 'women'],
    ['River', 'neutral', 'middle', null],
  ] as const)('%s (%s, %s) -> %s', (name, gender, age, expected) => {
    expect(defaultVoiceCategory({ name, labels: { gender, age } })).toBe(expected);
  });
});

describe('truncateDescription', () => {
  it('keeps short text and cuts long text to at most 100 characters on a word', () => {
    expect(truncateDescription('Short.')).toBe('Short.');
    expect(truncateDescription(null)).toBe('');
    const long = 'A voice that is warm and clear and steady, '.repeat(5);
    const cut = truncateDescription(long);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });
});

describe('isAutoplayVoice', () => {
  it.each([
    ['Tom', true],
    ['Tommy', true],
    ['The All American', true],
    ['Atom', true],
    ['Sally', false],
  ])('%s -> %s', (name, expected) => expect(isAutoplayVoice(name)).toBe(expected));
});

describe('matchesVoiceSearch', () => {
  const voice = {
    name: 'Alan',
    description: 'Warm Scottish man',
    labels: { gender: 'male' as const, age: 'middle', accent: 'scottish', useCase: null },
    bestFor: ['drama'],
  };
  it.each([
    ['', true],
    ['alan', true],
    ['SCOTTISH drama', true],
    ['scottish comedy', false],
  ])('%j -> %s', (q, expected) => expect(matchesVoiceSearch(voice, q)).toBe(expected));
});
