import { describe, expect, it } from 'vitest';
import type { ScriptAnalysis } from '../scripts';
import { listCharacters } from '../scripts';
import { detectFormat, parseScript, readPdfText } from './parse-script';

/** [speaker, speech] for every dialogue line, in order. */
const said = (a: ScriptAnalysis) =>
  a.lines.filter((l) => l.kind === 'dialogue').map((l) => [l.character, l.text]);

describe('colon transcripts', () => {
  const transcript = [
    'KING ARTHUR: Graham Chapman',
    'PATSY: Terry Gilliam',
    'SIR BEDEVERE: Terry Jones',
    'DENNIS: Michael Palin',
    '',
    'SCENE 1: [wind] [clop clop clop]',
    'KING ARTHUR: Whoa there!  [clop clop clop]',
    'GUARD #1: Halt!  Who goes there?',
    'KING ARTHUR: It is I, Arthur, son of Uther Pendragon.',
    'MINSTREL (singing): Bravely bold Sir Robin',
    'rode forth from Camelot.',
    'GUARD #1: Pull the other one!',
  ].join('\n');
  const a = parseScript(transcript);

  it('leaves the cast list out, reads GUARD #1 as a cue and keeps sound effects out of speech', () => {
    expect(a.format).toBe('colon');
    expect(said(a)).toEqual([
      ['KING ARTHUR', 'Whoa there!'],
      ['GUARD #1', 'Halt! Who goes there?'],
      ['KING ARTHUR', 'It is I, Arthur, son of Uther Pendragon.'],
      ['MINSTREL', 'Bravely bold Sir Robin rode forth from Camelot.'],
      ['GUARD #1', 'Pull the other one!'],
    ]);
    expect(a.lines.find((l) => l.character === 'MINSTREL')?.direction).toBe('(singing)');
    expect(a.lines.find((l) => l.text === 'Whoa there!')?.direction).toBe('[clop clop clop]');
    expect(a.lines.filter((l) => l.kind === 'heading').map((l) => l.text)).toEqual([
      'SCENE 1: [wind] [clop clop clop]',
    ]);
  });

  it('reads a line-numbered court transcript, without its page furniture', () => {
    const page = (n: number, lines: string[]) =>
      [
        '                  Official - Subject to Final Review',
        ...lines.map((l, i) => `${String(i + 1).padStart(2)}   ${l}`),
        `                              ${n}`,
        '                   Alderson Reporting Company',
      ].join('\n\n');
    const text = [
      page(1, [
        'IN THE SUPREME COURT OF THE UNITED STATES',
        'APPEARANCES:',
        'ROBERT A. LONG, ESQ., Washington, D.C.; for',
        '   Court-appointed amicus curiae',
        'P R O C E E D I N G S',
        'CHIEF JUSTICE ROBERTS:   We will hear',
        'argument this morning.',
        'MR. LONG:   Mr. Chief Justice, and may it',
        'please the Court:',
      ]),
      page(2, [
        'The Act applies',
        'here, and it applies',
        'to every penalty',
        'in the Code.',
        'JUSTICE SCALIA:   Well, that depends.',
        'It depends on the',
        'directive.',
      ]),
      page(3, [
        'MR. LONG:   It does not.',
        'It is a tax.',
        'Thank you.',
        '(Whereupon, at 11:30 a.m., the case was submitted.)',
      ]),
    ].join('\f');
    const b = parseScript(text);
    expect(b.format).toBe('colon');
    expect(said(b)).toEqual([
      ['CHIEF JUSTICE ROBERTS', 'We will hear argument this morning.'],
      [
        'MR. LONG',
        'Mr. Chief Justice, and may it please the Court: The Act applies here, and it applies to every penalty in the Code.',
      ],
      ['JUSTICE SCALIA', 'Well, that depends. It depends on the directive.'],
      ['MR. LONG', 'It does not. It is a tax. Thank you.'],
    ]);
  });

  it('reads unknown and joint speakers, a cue with its delivery, and a spaced cast list', () => {
    const text = [
      'CAST',
      'KING : John Smith',
      'KNIGHT : Bill Jones and Tom Day',
      '',
      'SCENE 1: [A bridge. Wind.]',
      'SOUND: Hooves on stone.',
      ...Array.from({ length: 4 }, () => ['KING: Whoa there!', 'KNIGHT: Halt!']).flat(),
      '???: Who goes there?',
      'KING and KNIGHT: The King!',
      'KING and KNIGHT and PAGE: All of us!',
      'MINSTREL (singing): Brave, brave, brave.',
      'MUSIC: Up and out.',
      'KNIGHT: Enough.',
    ].join('\n');
    const a = parseScript(text);
    expect(a.format).toBe('colon');
    expect(said(a).slice(8)).toEqual([
      ['???', 'Who goes there?'],
      ['KING AND KNIGHT', 'The King!'],
      ['KING AND KNIGHT AND PAGE', 'All of us!'],
      ['MINSTREL', 'Brave, brave, brave.'],
      ['KNIGHT', 'Enough.'],
    ]);
    expect(a.lines.find((l) => l.character === 'MINSTREL')?.direction).toBe('(singing)');
    expect(a.lines.filter((l) => l.kind === 'action').map((l) => l.text)).toEqual([
      'CAST',
      'KING : John Smith',
      'KNIGHT : Bill Jones and Tom Day',
      'SOUND: Hooves on stone.',
      'MUSIC: Up and out.',
    ]);
  });

  it('keeps a scene of short answers that names a speaker twice', () => {
    expect(said(parseScript('ANNA: Hello\nBEN: Hi\nANNA: Bye\n'))).toEqual([
      ['ANNA', 'Hello'],
      ['BEN', 'Hi'],
      ['ANNA', 'Bye'],
    ]);
  });
});

describe('plays', () => {
  it('reads "Name:" alone on its line with the speech below (Shakespeare editions)', () => {
    const a = parseScript(
      'First Citizen:\nBefore we proceed any further, hear me speak.\n\nAll:\nSpeak, speak.\n\nFirst Citizen:\nYou are all resolved rather to die than to famish?\n',
    );
    expect(a.format).toBe('plain');
    expect(said(a)).toEqual([
      ['FIRST CITIZEN', 'Before we proceed any further, hear me speak.'],
      ['ALL', 'Speak, speak.'],
      ['FIRST CITIZEN', 'You are all resolved rather to die than to famish?'],
    ]);
  });

  it('cuts a long name set apart by one space at a name already heard, whatever the column', () => {
    const pad = (name: string, at: number, speech: string) => `${name.padEnd(at)}${speech}`;
    const page1 = [
      pad('Duke', 18, 'Why, how now? What news?'),
      pad('Sailor', 18, 'The Turkish preparation makes for Rhodes.'),
      pad('Duke and Senators', 18, 'Dead?'),
      pad('Duke', 18, 'Ay, to me.'),
    ];
    // Speeches on the next page start three letters further right.
    const page2 = [
      pad('Brabantio', 21, 'My daughter! O, my daughter!'),
      pad('Duke and Senators', 18, "We are very sorry for't."),
      pad('Duke', 21, 'What in your own part can you say to this?'),
      pad('Brabantio', 21, 'Nothing, but this is so.'),
    ];
    const a = readPdfText(`${page1.join('\n')}\n\f${page2.join('\n')}\n\f`).analysis;
    expect(said(a).map(([who]) => who)).toEqual([
      'DUKE',
      'SAILOR',
      'DUKE AND SENATORS',
      'DUKE',
      'BRABANTIO',
      'DUKE AND SENATORS',
      'DUKE',
      'BRABANTIO',
    ]);
    expect(said(a)[5]![1]).toBe("We are very sorry for't.");
  });

  it('reads "NAME." alone on its line, and a speech going on after a stage direction', () => {
    const a = parseScript(
      'SCENE II. Capulet’s Garden.\n\n Enter Romeo.\n\nROMEO.\nHe jests at scars that never felt a wound.\n\n Juliet appears above at a window.\n\nBut soft, what light through yonder window breaks?\n\nJULIET.\nAy me.\n\nROMEO.\nShe speaks.\n',
    );
    expect(a.format).toBe('plain');
    expect(said(a)).toEqual([
      [
        'ROMEO',
        'He jests at scars that never felt a wound. But soft, what light through yonder window breaks?',
      ],
      ['JULIET', 'Ay me.'],
      ['ROMEO', 'She speaks.'],
    ]);
    expect(a.lines.find((l) => l.character === 'ROMEO')?.direction).toBe(
      '[Juliet appears above at a window.]',
    );
  });

  it('reads "Name.  line" (Gutenberg Wilde), directions out of the speech, wrapped names ignored', () => {
    const a = parseScript(
      [
        '[Lane is arranging afternoon tea on the table.]',
        '',
        'Algernon.  Did you hear what I was playing, Lane?',
        '',
        "Lane.  I didn't think it polite to listen, sir.",
        '',
        'Algernon.  [Inspects them.]  Oh! I see.  You will have to clear up the whole question of',
        'Cecily.  [Rings bell.]',
        '',
        'MRS. CHEVELEY [_Superciliously_.]  Indeed?',
        '',
        'Lady Bracknell.  Good afternoon, dear Algernon.',
      ].join('\n'),
    );
    expect(a.format).toBe('plain');
    expect(said(a)).toEqual([
      ['ALGERNON', 'Did you hear what I was playing, Lane?'],
      ['LANE', "I didn't think it polite to listen, sir."],
      ['ALGERNON', 'Oh! I see. You will have to clear up the whole question of Cecily.'],
      ['MRS. CHEVELEY', 'Indeed?'],
      ['LADY BRACKNELL', 'Good afternoon, dear Algernon.'],
    ]);
  });

  /** A Gutenberg edition: licence header and footer, front matter, then "Name." alone. */
  const gutenberg = (body: string[]) =>
    [
      'The Project Gutenberg eBook of Two Farms, by Nobody',
      '',
      'This eBook is for the use of anyone anywhere. Halla: read the licence.',
      '',
      'Title: Two Farms',
      '',
      '*** START OF THE PROJECT GUTENBERG EBOOK TWO FARMS ***',
      '',
      'CONTENTS',
      '',
      'II. The Second Farm.',
      '',
      'DRAMATIS PERSONÆ',
      '',
      '  HALLA, a widow.',
      '  KARI, her overseer.',
      '',
      'ACT I',
      '',
      ...body,
      '',
      'End of the Project Gutenberg EBook of Two Farms',
      '',
      '*** END OF THE PROJECT GUTENBERG EBOOK TWO FARMS ***',
      '',
      'Section 1.  General Terms of Use.',
      '',
      'Michael S. Hart: the originator of the Project Gutenberg concept.',
      '',
    ].join('\n');

  it('reads "Name." alone on a paragraph, in mixed case, and nothing outside the play', () => {
    const exchange = (n: number) => [
      'Halla.',
      '',
      `Have you seen the cows today? (${n})`,
      '',
      'Kari.',
      '',
      'No.',
      '',
    ];
    const a = parseScript(
      gutenberg([
        ...exchange(1),
        ...exchange(2),
        ...exchange(3),
        ...exchange(4),
        'Halla (smiling).',
        '',
        'Then go and look.',
        '',
        'Farewell, and go well.',
        '',
        'Kari (going). Farewell.',
        '',
        '    [Exit.',
      ]),
    );
    expect(a.format).toBe('plain');
    expect(listCharacters(a).map((c) => [c.name, c.lineCount])).toEqual([
      ['HALLA', 5],
      ['KARI', 5],
    ]);
    expect(said(a).slice(-3)).toEqual([
      ['KARI', 'No.'],
      ['HALLA', 'Then go and look. Farewell, and go well.'],
      ['KARI', 'Farewell.'],
    ]);
    expect(a.lines.find((l) => l.text.startsWith('Then go'))?.direction).toBe('(smiling)');
    expect(a.lines.at(0)?.text).toBe('The Project Gutenberg eBook of Two Farms, by Nobody');
  });

  it('reads cues in italics, with their delivery over two lines, and joint cues', () => {
    const a = parseScript(
      gutenberg([
        '_Halla._',
        '',
        'It is time.',
        '',
        '_Kari (laughing, and turning away from her',
        'toward the door)._',
        '',
        'So it is.',
        '',
        '_Halla_ (_to Kari_). Go, then. (_He goes._)',
        '',
        '_Kari and Magnus._',
        '',
        'Good evening!',
        '',
        '_Halla._',
        '',
        'Good evening.',
        '',
        '_Kari._',
        '',
        'Yes.',
        '',
        '_Halla._',
        '',
        'Yes.',
      ]),
    );
    expect(said(a)).toEqual([
      ['HALLA', 'It is time.'],
      ['KARI', 'So it is.'],
      ['HALLA', 'Go, then.'],
      ['KARI AND MAGNUS', 'Good evening!'],
      ['HALLA', 'Good evening.'],
      ['KARI', 'Yes.'],
      ['HALLA', 'Yes.'],
    ]);
    expect(a.lines.filter((l) => l.character).map((l) => l.direction)).toEqual([
      null,
      '(laughing, and turning away from her toward the door)',
      '(to Kari) (He goes.)',
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('Fountain details', () => {
  it('never reads centred text as a character', () => {
    const a = parseScript('> BRICK BRADDOCK <\n> & DICK STEEL IN <\n\nSTEEL\nThe man is a myth!\n');
    expect(said(a)).toEqual([['STEEL', 'The man is a myth!']]);
    expect(a.lines[0]).toMatchObject({ kind: 'action', text: 'BRICK BRADDOCK\n& DICK STEEL IN' });
  });

  it('keeps a speech going over a line of two spaces, and ends it at a transition', () => {
    const a = parseScript(
      'ADAM\nThat was weird.\n  \nfor no good reason.\nINTERCUT WITH:\n\nEVE\nIndeed.\n',
    );
    expect(said(a)).toEqual([
      ['ADAM', 'That was weird. for no good reason.'],
      ['EVE', 'Indeed.'],
    ]);
    expect(a.lines.find((l) => l.kind === 'transition')?.text).toBe('INTERCUT WITH:');
  });

  it("keeps consecutive CONT'D cues as separate speeches", () => {
    const a = parseScript("EVE\nOne.\n\nEVE (CONT'D)\nTwo.\n\nEVE (cont'd)\nThree.\n");
    expect(said(a)).toEqual([
      ['EVE', 'One.'],
      ['EVE', 'Two.'],
      ['EVE', 'Three.'],
    ]);
  });
});

describe('printed screenplay pages (PDF text)', () => {
  const page1 = [
    '                         PRIME MINISTER',
    '               Robin, thanks for coming.',
    '',
    '    He gestures to a chair.',
    '',
    '                         ROBIN',
    '                  (sitting)',
    '               Thank you, sir. I',
    '               wanted to say --',
    '                         (MORE)',
  ].join('\n');
  // A page made only of dialogue: pdftotext starts it at the speech column.
  const page2 = [
    '                                                     2.',
    "           ROBIN (CONT'D)",
    '  -- that I am sorry.',
    '',
    '           PRIME MINISTER',
    '  No need.',
    '',
    "           ROBIN (CONT'D)",
    '  I insist.',
  ].join('\n');

  it('finds cues on every page whatever its margin, and joins a speech broken by (MORE)', () => {
    const a = parseScript(`${page1}\f${page2}`, 'layout');
    expect(said(a)).toEqual([
      ['PRIME MINISTER', 'Robin, thanks for coming.'],
      ['ROBIN', 'Thank you, sir. I wanted to say -- -- that I am sorry.'],
      ['PRIME MINISTER', 'No need.'],
      ['ROBIN', 'I insist.'],
    ]);
  });

  it('reads side-by-side dual dialogue as two speeches, nothing leaking into the speech before', () => {
    const page = [
      '                    JOE',
      "          I'll never let you miss a meal.",
      '',
      '            JOE                              APRIL',
      'Do you want to go?              I want to stay.',
      '                                (laughing)',
      '                                Really.',
      '',
      'They hug.',
    ].join('\n');
    const a = parseScript(page, 'layout');
    expect(said(a)).toEqual([
      ['JOE', "I'll never let you miss a meal."],
      ['JOE', 'Do you want to go?'],
      ['APRIL', 'I want to stay. Really.'],
    ]);
    expect(a.lines.filter((l) => l.dual).map((l) => l.character)).toEqual(['JOE', 'APRIL']);
  });

  it('does not read a title page as characters', () => {
    const a = parseScript(
      '                          THE LONG WALK\n\n\n                           written by\n\n                          A. Writer\f                         ANNA\n               Hello.\n',
      'layout',
    );
    expect(said(a)).toEqual([['ANNA', 'Hello.']]);
  });
});

describe('format detection', () => {
  it.each([
    ['EVE\nHello.\n\nADAM\nHi.\n', 'fountain'],
    ['EVE: Hello.\nADAM: Hi.\n', 'colon'],
    ['EVE.\nHello.\n\nADAM.\nHi.\n\nEVE.\nBye.\n', 'plain'],
  ])('%j is %s', (text, format) => {
    expect(detectFormat(text)).toBe(format);
  });
});
