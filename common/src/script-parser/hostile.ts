/**
 * Inputs built to make a careless parser backtrack or rescan: long runs of whitespace, brackets
 * and markers that never close, thousands of cues, unclosed XML. Used by the linearity test and
 * the parsing benchmark; each is about `size` characters.
 */
export interface Hostile {
  name: string;
  kind: 'text' | 'fdx' | 'pdf';
  make: (size: number) => string;
}

const repeat = (unit: string, size: number) =>
  unit.repeat(Math.max(1, Math.ceil(size / unit.length))).slice(0, size);

export const HOSTILE_INPUTS: Hostile[] = [
  { name: 'tabs', kind: 'text', make: (n) => repeat('\t', n) },
  { name: 'spaces then a letter', kind: 'text', make: (n) => `${repeat(' ', n - 1)}x` },
  {
    name: 'indented spaces and scene numbers',
    kind: 'pdf',
    make: (n) => repeat(`${' '.repeat(40)}1${' '.repeat(40)}A  \n`, n),
  },
  {
    name: 'one huge indented line',
    kind: 'pdf',
    make: (n) => `          ${repeat('a ', n - 20)}  1\n`,
  },
  { name: 'form feeds', kind: 'pdf', make: (n) => repeat('\f', n) },
  { name: 'unclosed boneyard', kind: 'text', make: (n) => repeat('/*', n) },
  { name: 'unclosed notes', kind: 'text', make: (n) => repeat('[[', n) },
  { name: 'open parentheses', kind: 'text', make: (n) => `ANNA\n${repeat('(', n - 6)}\n` },
  {
    name: 'open brackets in a transcript',
    kind: 'text',
    make: (n) => repeat('A: [[[[ (((( \n', n),
  },
  { name: 'cue after cue', kind: 'text', make: (n) => repeat('ANNA\nBEN\n', n) },
  {
    name: 'two-space lines in a speech',
    kind: 'text',
    make: (n) => `ANNA\nHi.\n${repeat('  \nx\n', n - 10)}`,
  },
  {
    name: 'colon names',
    kind: 'text',
    make: (n) => repeat('ABCDEFGHIJ ABCDEFGHIJ ABCDEFGHIJ ABCDEFGHIJ:\n', n),
  },
  { name: 'play cues', kind: 'text', make: (n) => repeat('ROMEO.\nO.\n\nAlgernon.  Yes.\n\n', n) },
  { name: 'emphasis markers', kind: 'text', make: (n) => `ANNA\n${repeat('*_\\*', n - 6)}\n` },
  { name: 'line-numbered transcript', kind: 'text', make: (n) => repeat(' 1   A:  x\n\n', n) },
  {
    name: 'margin cues',
    kind: 'text',
    make: (n) => repeat('MACBETH  So foul.\n  And fair.\nDuke and Senators Dead?\n', n),
  },
  {
    name: 'margin cues with open directions',
    kind: 'text',
    make: (n) => repeat('OLIVER, [to Adam  Get you [with him\n', n),
  },
  {
    name: 'underlined headings',
    kind: 'text',
    make: (n) => repeat('ACT 1\n=====\n', n),
  },
  {
    name: 'dual cues without end',
    kind: 'pdf',
    make: (n) =>
      `         ANNA                    BEN\n${repeat('Hi there and                 Hello and\n', n - 60)}`,
  },
  {
    name: 'wrapped cues',
    kind: 'pdf',
    make: (n) => repeat(`${' '.repeat(20)}McCABE AND THE\n${' '.repeat(20)}OTHER ONE\n`, n),
  },
  {
    name: 'unknown and joint colon cues',
    kind: 'text',
    make: (n) => repeat('???: ?\nA and B and C and D and E and F and G:\nKING : Ann Lee (\n', n),
  },
  { name: 'lone italic cues', kind: 'text', make: (n) => repeat('_Halla._\n\nNo.\n\n', n) },
  {
    name: 'italic cues with open deliveries',
    kind: 'text',
    make: (n) => `_Halla._\n\nHi.\n\n${repeat('_Halla_ (Halla (_', n - 20)}`,
  },
  {
    name: 'licence markers',
    kind: 'text',
    make: (n) =>
      repeat('*** START OF THE PROJECT GUTENBERG EBOOK ***\n*** END OF THE PROJECT GUTENBERG\n', n),
  },
  {
    name: 'empty paragraphs',
    kind: 'fdx',
    make: (n) =>
      `<FinalDraft><Content>${repeat('<Paragraph Type="Action"></Paragraph>', n - 40)}</Content></FinalDraft>`,
  },
  {
    name: 'unclosed paragraphs',
    kind: 'fdx',
    make: (n) => `<FinalDraft><Content>${repeat('<Paragraph Type="Character"><Text>A', n - 40)}`,
  },
  {
    name: 'stray closing tags',
    kind: 'fdx',
    make: (n) => `<FinalDraft><Content>${repeat('</Nope>', n - 40)}</Content></FinalDraft>`,
  },
  {
    name: 'unclosed comment',
    kind: 'fdx',
    make: (n) => `<FinalDraft><Content>${repeat('<!--', n - 40)}`,
  },
  {
    name: 'entities',
    kind: 'fdx',
    make: (n) =>
      `<FinalDraft><Content><Paragraph Type="Dialogue"><Text>${repeat('&#x1;&amp;&', n - 80)}</Text></Paragraph></Content></FinalDraft>`,
  },
  {
    name: 'attributes',
    kind: 'fdx',
    make: (n) =>
      `<FinalDraft><Content><Paragraph ${repeat('Type Type= ', n - 60)}></Paragraph></Content></FinalDraft>`,
  },
];
