import { describe, expect, it } from 'vitest';
import { problemsOf } from './check-commit-messages';

describe('commit message check', () => {
  it('accepts an imperative subject with a body after a blank line', () => {
    expect(
      problemsOf('Bound PDF extraction by pages\n\nA 1.8 MB PDF held the CPU 15 s.\n'),
    ).toEqual([]);
    expect(problemsOf('Address the review of the import queue')).toEqual([]);
  });

  it('refuses a long subject', () => {
    expect(problemsOf(`Add ${'x'.repeat(70)}`)).toEqual(['subject is 74 characters (at most 72)']);
  });

  it('refuses past tense, third person, lower case, a period and a glued body', () => {
    expect(problemsOf('Added a check')[0]).toMatch(/imperative/);
    expect(problemsOf('Adds a check')[0]).toMatch(/imperative/);
    expect(problemsOf('add a check')).toContain('subject does not start with a capital letter');
    expect(problemsOf('Add a check.')).toContain('subject ends with a period');
    expect(problemsOf('Add a check\nbecause')).toContain(
      'no blank line between the subject and the body',
    );
  });
});
