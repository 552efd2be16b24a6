/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listCharacters,
  renameCharacter,
  scriptAnalysisSchema,
  type ScriptAnalysis,
} from '../scripts';
import { inferGenders } from './infer-genders';
import { FdxError, parseFdx } from './parse-fdx';
import { analysisToFountain, detectFormat, parseScript } from './parse-script';

const corpus = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'corpus', name), 'utf8');

/** [speaker, speech] for every dialogue line, in order. */
const dialogue = (a: ScriptAnalysis) =>
  a.lines.filter((l) => l.kind === 'dialogue').map((l) => [l.character, l.text]);
const unspoken = (a: ScriptAnalysis) =>
  a.lines.filter((l) => !l.spoken).map((l) => [l.kind, l.text]);

describe('Fountain scene with dual dialogue (night-shift.fountain)', () => {
  const a = parseScript(corpus('night-shift.fountain'));

  it('is read as Fountain, title page, notes and boneyard left out', () => {
    expect(a.format).toBe('fountain');
    const all = a.lines.map((l) => l.text).join(' ');
    expect(all).not.toMatch(/Night Shift|R\. Okafor|Beat: let|One more line/);
  });

  it('lists the characters with their line counts and implied genders', () => {
    expect(listCharacters(a, inferGenders(a))).toEqual([
      { name: 'DEV', lineCount: 5, gender: 'male' },
      { name: 'MAYA', lineCount: 5, gender: 'female' },
    ]);
  });

  it('assigns every line to its speaker, emphasis and parentheticals removed from the speech', () => {
    expect(dialogue(a)).toEqual([
      ['DEV', 'You look like you need this more than I do.'],
      ['MAYA', 'I need sleep. This is the next best thing.'],
      ['DEV', 'Bed four asked for you again.'],
      ['MAYA', "Mr. Alvarez? Tell him I'll be there in five."],
      ['DEV', 'Already did.'],
      ['MAYA', 'Then why are you still here?'],
      ['DEV', "Because you're going to say it."],
      ['MAYA', "Don't say it."],
      ['MAYA', 'Go. Before I change my mind.'],
      ['DEV', 'She never changed her mind.'],
    ]);
    expect(a.lines.find((l) => l.text.startsWith('I need sleep'))?.direction).toBe('(taking it)');
    expect(a.lines.find((l) => l.text.startsWith('Mr. Alvarez'))?.direction).toBe('(beat)');
  });

  it('marks the two halves of the dual dialogue and nothing else', () => {
    expect(a.lines.filter((l) => l.dual).map((l) => [l.character, l.text])).toEqual([
      ['DEV', "Because you're going to say it."],
      ['MAYA', "Don't say it."],
    ]);
  });

  it('keeps headings, action and transitions as unspoken lines', () => {
    expect(unspoken(a)).toEqual([
      ['heading', 'INT. HOSPITAL BREAK ROOM - NIGHT'],
      [
        'action',
        'A vending machine hums. MAYA (30s), a nurse in rumpled scrubs, drops into a chair. She rubs her eyes.',
      ],
      ['action', 'DEV (40s) leans in the doorway, holding two coffees. He offers her one.'],
      ['action', 'They both laugh, too tired to stop.'],
      ['transition', 'CUT TO:'],
      ['heading', 'EXT. HOSPITAL ROOF - CONTINUOUS'],
      ['action', 'Dev is alone with the city lights.'],
    ]);
  });

  it('gives the same lines back after writing them out as Fountain', () => {
    const again = parseScript(analysisToFountain(a));
    expect(again.lines).toEqual(a.lines);
  });
});

describe('Final Draft file (last-orders.fdx)', () => {
  const a = parseFdx(corpus('last-orders.fdx'));

  it("reads paragraphs, styled text runs, entities, CONT'D cues and the dual dialogue", () => {
    expect(a.format).toBe('fdx');
    expect(dialogue(a)).toEqual([
      ['KIT', 'Still pouring?'],
      ['JO', 'For you? Never stopped.'],
      ['KIT', 'I came to say sorry & goodbye.'],
      ['JO', "Don't."],
      ['KIT', 'I have to.'],
    ]);
    expect(a.lines.filter((l) => l.dual).map((l) => l.character)).toEqual(['JO', 'KIT']);
    expect(a.lines.find((l) => l.character === 'JO')?.direction).toBe('(dry)');
  });

  it('leaves the title page out and keeps heading, action and transition unspoken', () => {
    expect(a.lines.map((l) => l.text).join(' ')).not.toContain('LAST ORDERS');
    expect(unspoken(a).map(([kind]) => kind)).toEqual([
      'heading',
      'action',
      'action',
      'transition',
    ]);
  });

  it('lists the characters with counts and genders from the action', () => {
    expect(listCharacters(a, inferGenders(a))).toEqual([
      { name: 'KIT', lineCount: 3, gender: 'male' },
      { name: 'JO', lineCount: 2, gender: 'female' },
    ]);
  });

  it('survives being written out as Fountain and read back', () => {
    expect(parseScript(analysisToFountain(a)).lines).toEqual(a.lines);
  });

  it.each([
    ['not XML at all', 'INT. HOUSE - DAY'],
    ['XML of another kind', '<?xml version="1.0"?><svg></svg>'],
    ['Final Draft without content', '<FinalDraft Version="5"></FinalDraft>'],
  ])('refuses %s', (_label, xml) => {
    expect(() => parseFdx(xml)).toThrow(FdxError);
  });
});

describe('pasted "NAME: line" sides (sides-colon.txt)', () => {
  const a = parseScript(corpus('sides-colon.txt'));

  it('is detected as the colon layout, with continuation lines joined to the speech', () => {
    expect(a.format).toBe('colon');
    expect(dialogue(a)).toEqual([
      ['MR. GRANT', 'So. Tell me why you want this job.'],
      ['ELENA', 'Honestly? I need the money.'],
      ['MR. GRANT', "That's the most honest answer I've had all week."],
      ['ELENA', "I'm also very good at it. I've done it for ten years."],
      ['MR. GRANT', 'When can you start?'],
      ['ELENA', 'Monday.'],
      ['MR. GRANT', 'Make it Tuesday. Mondays are for the weak.'],
    ]);
    expect(a.lines.find((l) => l.text.startsWith("That's"))?.direction).toBe('(laughs)');
  });

  it('keeps bracketed stage directions as unspoken action', () => {
    expect(unspoken(a)).toEqual([
      ['action', 'THE INTERVIEW\nScene 3 - sides for ELENA'],
      ['action', 'An office. ELENA sits opposite MR. GRANT.'],
      ['action', 'He closes the folder.'],
    ]);
  });

  it("lists the characters; a title in the name implies the gender, nothing implies Elena's", () => {
    expect(listCharacters(a, inferGenders(a))).toEqual([
      { name: 'MR. GRANT', lineCount: 4, gender: 'male' },
      { name: 'ELENA', lineCount: 3, gender: null },
    ]);
  });
});

describe('pasted centred-cue layout (centred-cues.txt)', () => {
  const a = parseScript(corpus('centred-cues.txt'));

  it('is detected from the indentation and split by cue, speech and parenthetical', () => {
    expect(a.format).toBe('layout');
    expect(dialogue(a)).toEqual([
      ['ROSE', 'Battery dead?'],
      ['SAM', 'No. Signal.'],
      ['ROSE', 'Good. Then you can talk to me.'],
      ['SAM', 'What are you making?'],
      ['ROSE', "A scarf for my grandson. He's about your age. Never calls either."],
    ]);
    expect(unspoken(a).map(([kind]) => kind)).toEqual([
      'heading',
      'action',
      'action',
      'transition',
    ]);
  });

  it('finds genders from "an old woman, ROSE" and "a teenage boy, SAM"', () => {
    expect(listCharacters(a, inferGenders(a))).toEqual([
      { name: 'ROSE', lineCount: 3, gender: 'female' },
      { name: 'SAM', lineCount: 2, gender: 'male' },
    ]);
  });
});

describe('small pasted texts', () => {
  it.each<[string, string, string, [string | null, string][]]>([
    [
      'cues without blank lines between speakers',
      'ANNA\nHello.\nBEN\nHi there.\n',
      'fountain',
      [
        ['ANNA', 'Hello.'],
        ['BEN', 'Hi there.'],
      ],
    ],
    [
      'a shouted line is speech, not a cue',
      'ANNA\nNO!\nStop it.\n',
      'fountain',
      [['ANNA', 'NO! Stop it.']],
    ],
    [
      'cue extensions are not part of the name',
      "ANNA (V.O.)\nHello.\n\nANNA (CONT'D)\nAgain.\n",
      'fountain',
      [
        ['ANNA', 'Hello.'],
        ['ANNA', 'Again.'],
      ],
    ],
    [
      'a forced @cue in mixed case',
      '@McCoy\nBones here.\n',
      'fountain',
      [['MCCOY', 'Bones here.']],
    ],
    [
      'colon lines with mixed-case names',
      'Anna: Hi.\nBen (O.S.): Who is it?\nAnna: Me.\n',
      'colon',
      [
        ['ANNA', 'Hi.'],
        ['BEN', 'Who is it?'],
        ['ANNA', 'Me.'],
      ],
    ],
    [
      'emphasis is removed, escaped stars are kept',
      'ANNA\nI *really* mean \\*this\\*.\n',
      'fountain',
      [['ANNA', 'I really mean *this*.']],
    ],
    [
      'plain prose has no speakers',
      'It was a dark and stormy night.\nThe rain fell.\n',
      'fountain',
      [],
    ],
  ])('%s', (_label, text, format, expected) => {
    const a = parseScript(text);
    expect(a.format).toBe(format);
    expect(dialogue(a)).toEqual(expected);
  });

  it('detects the layout even with a title page of "Key: value" lines', () => {
    expect(detectFormat(corpus('night-shift.fountain'))).toBe('fountain');
  });

  it('keeps every line within what a split may hold: a very long speech goes on in more lines', () => {
    const a = parseScript(`ANNA\n${'word '.repeat(4500)}\n\nBEN\n(${'x'.repeat(1500)}) Hi.\n`);
    expect(scriptAnalysisSchema.safeParse(a).success).toBe(true);
    expect(a.lines.map((l) => [l.id, l.character, l.text.length])).toEqual([
      ['l1', 'ANNA', 9999],
      ['l2', 'ANNA', 9999],
      ['l3', 'ANNA', 2499],
      ['l4', 'BEN', 3],
    ]);
    expect(a.lines[3]!.direction).toHaveLength(1000);
  });

  it('numbers lines l1, l2, ... in order', () => {
    expect(parseScript('ANNA\nHi.\n\nBEN\nHey.').lines.map((l) => l.id)).toEqual(['l1', 'l2']);
  });
});

describe('corrections', () => {
  const a = parseScript('ANNA\nHi.\n\nANA\nTypo.\n\nBEN\nHey.\n');

  it('merges a character into another by renaming it, with the counts following', () => {
    const merged = renameCharacter(a, 'ANA', 'anna');
    expect(listCharacters(merged)).toEqual([
      { name: 'ANNA', lineCount: 2, gender: null },
      { name: 'BEN', lineCount: 1, gender: null },
    ]);
  });

  it('does not count lines marked as not spoken', () => {
    const marked = {
      ...a,
      lines: a.lines.map((l) => (l.character === 'BEN' ? { ...l, spoken: false } : l)),
    };
    expect(listCharacters(marked).find((c) => c.name === 'BEN')?.lineCount).toBe(0);
  });
});

describe('beats in a speech', () => {
  const beats = (text: string) =>
    parseScript(text)
      .lines.filter((l) => l.kind === 'dialogue')
      .map((l) => [l.text, l.beats ?? []]);

  it('keeps where (beat), (pause) and (long pause) fall, as 1, 2 and 3 seconds', () => {
    expect(
      beats(
        'ANNA\nYou are late. (beat) Again.\n\nBEN\n(quietly)\nI know. (Long pause.) I *do* know.\n\nANNA\n[a pause] Sit down. (beat)\n',
      ),
    ).toEqual([
      ['You are late. Again.', [{ at: 3, seconds: 1 }]],
      ['I know. I do know.', [{ at: 2, seconds: 3 }]],
      [
        'Sit down.',
        [
          { at: 0, seconds: 2 },
          { at: 2, seconds: 1 },
        ],
      ],
    ]);
  });

  it('adds beats in a row up to 3 seconds, and other directions are no beat', () => {
    expect(beats('ANNA\nNo. (beat) (pause) (smiling) Yes.\n')).toEqual([
      ['No. Yes.', [{ at: 1, seconds: 3 }]],
    ]);
  });

  it('counts the words of every line of a speech that runs over several lines', () => {
    expect(beats('ANNA: One two (beat)\nthree (pause) four.\nBEN: Fine.\nANNA: Good.\n')).toEqual([
      [
        'One two three four.',
        [
          { at: 2, seconds: 1 },
          { at: 3, seconds: 2 },
        ],
      ],
      ['Fine.', []],
      ['Good.', []],
    ]);
  });

  it('keeps at most 100 beats in a speech', () => {
    const many = parseScript(`ANNA\n${'word (beat) '.repeat(500)}\n`).lines[0]!;
    expect(many.beats).toHaveLength(100);
    expect(many.beats!.at(-1)).toEqual({ at: 100, seconds: 1 });
  });

  it('writes them back where they fall, so reading the text again finds the same lines', () => {
    const a = parseScript(
      'ANNA\n(quietly) You are late. (beat) Again. (smiling) (long pause) Well.\n\nBEN\n(beat) Hi.\n',
    );
    expect(parseScript(analysisToFountain(a)).lines).toEqual(a.lines);
  });
});

describe('beats in a Final Draft file', () => {
  it('places a parenthetical beat between the dialogue paragraphs around it', () => {
    const xml = `<?xml version="1.0"?><FinalDraft><Content>
<Paragraph Type="Character"><Text>ANNA</Text></Paragraph>
<Paragraph Type="Dialogue"><Text>You are late.</Text></Paragraph>
<Paragraph Type="Parenthetical"><Text>(beat)</Text></Paragraph>
<Paragraph Type="Dialogue"><Text>Again.</Text></Paragraph>
</Content></FinalDraft>`;
    const a = parseFdx(xml);
    expect(a.lines[0]).toMatchObject({
      text: 'You are late. Again.',
      beats: [{ at: 3, seconds: 1 }],
    });
    expect(parseScript(analysisToFountain(a)).lines[0]).toMatchObject({
      beats: [{ at: 3, seconds: 1 }],
    });
  });
});
