import { describe, expect, it } from 'vitest';
import { castVoices, inferAges, type CastableVoice } from './casting';
import { parseScript } from './script-parser/parse-script';

describe('ages from the script', () => {
  it('reads names, ages in parentheses, words near the name and old-fashioned names', () => {
    const analysis = parseScript(
      [
        'INT. KITCHEN - NIGHT',
        '',
        'MAYA (30s) stirs a pot. TEDDY (8) runs in. An old woman, ROSE, watches. KIT, a young man, waits.',
        '',
        'MAYA',
        'Dinner.',
        '',
        'TEDDY',
        'Finally!',
        '',
        'ROSE',
        'Sit down.',
        '',
        'KIT',
        'Sorry.',
        '',
        'MOM',
        'Both of you.',
        '',
        'OLD MAN',
        'Quiet.',
        '',
        'LITTLE GIRL',
        'No.',
        '',
        'MILDRED',
        'Tea?',
        '',
        'JO',
        'Yes.',
      ].join('\n'),
    );
    expect(inferAges(analysis)).toEqual({
      MAYA: 'adult',
      TEDDY: 'child',
      ROSE: 'old',
      KIT: 'young',
      MOM: 'adult',
      'OLD MAN': 'old',
      'LITTLE GIRL': 'child',
      MILDRED: 'old',
      JO: null,
    });
  });
});

describe('casting voices', () => {
  const v = (
    id: string,
    gender: 'male' | 'female',
    age: string,
    natural = true,
  ): CastableVoice => ({
    id,
    labels: { gender, age },
    category: age === 'child' ? 'children' : gender === 'male' ? 'men' : 'women',
    natural,
  });
  const voices = [
    v('basic-woman', 'female', 'young adult', false),
    v('woman', 'female', 'young adult'),
    v('old-woman', 'female', 'old'),
    v('man', 'male', 'young adult'),
    v('old-man', 'male', 'old'),
    v('girl', 'female', 'child'),
  ];

  it('fits gender and age, natural voices first', () => {
    expect(
      castVoices(
        [
          { name: 'ANNA', gender: 'female', age: null },
          { name: 'ED', gender: 'male', age: 'old' },
          { name: 'LILY', gender: 'female', age: 'child' },
          { name: 'NAN', gender: 'female', age: 'old' },
        ],
        voices,
      ),
    ).toEqual({ ANNA: 'woman', ED: 'old-man', LILY: 'girl', NAN: 'old-woman' });
  });

  it('never gives two characters one voice while a fitting voice is unused', () => {
    const cast = castVoices(
      [
        { name: 'A', gender: 'female', age: null },
        { name: 'B', gender: 'female', age: null },
        { name: 'C', gender: 'female', age: null },
      ],
      voices,
    );
    expect(new Set(Object.values(cast)).size).toBe(3);
    expect(Object.values(cast)).not.toContain('girl');
  });

  it('shares a fitting voice rather than cast across gender or a child for an adult', () => {
    const few = [
      v('woman', 'female', 'young adult'),
      v('man', 'male', 'young adult'),
      v('girl', 'female', 'child'),
    ];
    expect(
      castVoices(
        [
          { name: 'A', gender: 'female', age: 'adult' },
          { name: 'B', gender: 'female', age: 'adult' },
        ],
        few,
      ),
    ).toEqual({ A: 'woman', B: 'woman' });
  });

  it('leaves out the skipped role and counts voices already taken', () => {
    expect(
      castVoices(
        [
          { name: 'ME', gender: 'male', age: null },
          { name: 'YOU', gender: 'male', age: null },
        ],
        voices,
        { skip: 'ME', taken: ['man'] },
      ),
    ).toEqual({ YOU: 'old-man' });
  });
});
