import { describe, expect, it } from 'vitest';
import { normaliseCue } from '../scripts';
import { FdxError, parseFdx } from './parse-fdx';

/** A document in the shape Final Draft 12 writes: settings, body, then title page and notes. */
const fdx = (body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">
  ${extra}
  <Content>
${body}
  </Content>
  <TitlePage>
    <Content>
      <Paragraph Alignment="Center" Type="Action"><Text>THE LONG WALK</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Action"><Text>Written by</Text></Paragraph>
    </Content>
  </TitlePage>
  <ScriptNotes>
    <ScriptNote ID="1" Range="0,5"><Paragraph><Text>Cut this scene?</Text></Paragraph></ScriptNote>
  </ScriptNotes>
</FinalDraft>`;
const p = (type: string, text: string) =>
  `<Paragraph Type="${type}"><Text>${text}</Text></Paragraph>`;
const said = (xml: string) =>
  parseFdx(xml)
    .lines.filter((l) => l.kind === 'dialogue')
    .map((l) => [l.character, l.text, l.dual]);

describe('Final Draft reader', () => {
  it('reads the script body even when the title page comes first', () => {
    const xml = `<FinalDraft DocumentType="Script" Version="5">
      <TitlePage><Content>${p('Action', 'COVER')}${p('Action', 'By me')}${p('Action', 'Draft 3')}</Content></TitlePage>
      <Content>${p('Character', 'ANNA')}${p('Dialogue', 'Hello.')}${p('Character', 'BEN')}${p('Dialogue', 'Hi.')}</Content>
    </FinalDraft>`;
    expect(said(xml)).toEqual([
      ['ANNA', 'Hello.', false],
      ['BEN', 'Hi.', false],
    ]);
    expect(parseFdx(xml).lines.map((l) => l.text)).not.toContain('COVER');
  });

  it('reads both speakers of dual dialogue wrapped in a paragraph, as Final Draft writes it', () => {
    const xml = fdx(`
      ${p('Character', 'JOE')}${p('Dialogue', 'I will never let you miss a meal.')}
      <Paragraph Type="General" StartsNewPage="No">
        <DualDialogue>
          ${p('Character', 'JOE')}${p('Dialogue', 'April!')}
          ${p('Character', 'APRIL')}${p('Dialogue', 'Joe!')}
        </DualDialogue>
        <Text></Text>
      </Paragraph>
      ${p('Action', 'They hug.')}`);
    expect(said(xml)).toEqual([
      ['JOE', 'I will never let you miss a meal.', false],
      ['JOE', 'April!', true],
      ['APRIL', 'Joe!', true],
    ]);
  });

  it('skips script notes inside paragraphs, scene properties and the notes section', () => {
    const xml = fdx(`
      <Paragraph Type="Scene Heading">
        <SceneProperties Length="1/8" Page="1" Title=""><Summary><Paragraph><Text>Summary text</Text></Paragraph></Summary></SceneProperties>
        <Text>INT. KITCHEN - DAY</Text>
      </Paragraph>
      <Paragraph Type="Character">
        <ScriptNote ID="2"><Paragraph Type="General"><Text>THIS ONE SHOULD BE REMOVED</Text></Paragraph></ScriptNote>
        <Text>MAYA</Text>
      </Paragraph>
      <Paragraph Type="Dialogue">
        <Text>Pass the salt.</Text>
        <ScriptNote ID="3"><Paragraph><Text>funnier?</Text></Paragraph></ScriptNote>
        <Text> Please.</Text>
      </Paragraph>`);
    const a = parseFdx(xml);
    expect(said(xml)).toEqual([['MAYA', 'Pass the salt. Please.', false]]);
    expect(a.lines.map((l) => l.text).join(' ')).not.toMatch(/REMOVED|funnier|Summary|Cut this/);
  });

  it("keeps each CONT'D cue as its own speech, and unknown extensions out of the name", () => {
    const xml = fdx(`
      ${p('Character', 'EDWARD (V.O.)')}${p('Dialogue', 'One.')}
      ${p('Action', 'A fish.')}
      ${p('Character', "EDWARD (V.O.)(CONT'D)")}${p('Dialogue', 'Two.')}
      ${p('Character', "EDWARD (O.S., PRELAP) (CONT'D)")}${p('Dialogue', 'Three.')}
      ${p('Character', 'EDWARD (ON SCREEN)')}${p('Dialogue', 'Four.')}`);
    expect(said(xml).map(([c, t]) => [c, t])).toEqual([
      ['EDWARD', 'One.'],
      ['EDWARD', 'Two.'],
      ['EDWARD', 'Three.'],
      ['EDWARD', 'Four.'],
    ]);
  });

  it('decodes entities once and expands nothing else', () => {
    const xml = fdx(
      `${p('Character', 'KIT')}${p('Dialogue', 'Fish &amp;amp; chips &#233; &#x1F600; &unknown;')}`,
    );
    expect(said(xml)[0]![1]).toBe('Fish &amp; chips é 😀 &unknown;');
  });

  it.each([
    ['not XML at all', 'INT. HOUSE - DAY'],
    ['XML of another kind', '<?xml version="1.0"?><svg></svg>'],
    [
      'Final Draft without a body',
      '<FinalDraft Version="5"><TitlePage><Content></Content></TitlePage></FinalDraft>',
    ],
  ])('refuses %s', (_label, xml) => {
    expect(() => parseFdx(xml)).toThrow(FdxError);
  });
});

describe('character cues', () => {
  it.each([
    ['EDWARD (V.O.)', 'EDWARD'],
    ['EDWARD (V.O..)', 'EDWARD'],
    ['JOE (O.S., PRELAP)', 'JOE'],
    ['ALL (TOGETHER)', 'ALL'],
    ['HOST (ON SCREEN)', 'HOST'],
    ["ANNA (CONT'D)", 'ANNA'],
    ["ANNA CONT'D", 'ANNA'],
    ['Minstrel (singing)', 'MINSTREL'],
    ['GUARD #1', 'GUARD #1'],
    ['BRICK ^', 'BRICK'],
    ['@McCoy', 'MCCOY'],
    ['MR.  GRANT', 'MR. GRANT'],
  ])('%s is %s', (cue, name) => {
    expect(normaliseCue(cue)).toBe(name);
  });
});

describe('XML attacks', () => {
  const body = `<Content>${p('Character', 'KIT')}${p('Dialogue', 'Say &lol9; and &xxe;')}</Content>`;
  const laughs = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
  ).join('');

  it.each([
    [
      'a billion laughs (nested internal entities)',
      `<?xml version="1.0"?><!DOCTYPE FinalDraft [<!ENTITY lol0 "lol">${laughs}]><FinalDraft>${body}</FinalDraft>`,
    ],
    [
      'an external entity (a file of the server)',
      `<?xml version="1.0"?><!DOCTYPE FinalDraft [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><FinalDraft>${body}</FinalDraft>`,
    ],
    [
      'an external parameter entity (a DTD fetched from elsewhere)',
      `<?xml version="1.0"?><!DOCTYPE FinalDraft [<!ENTITY % dtd SYSTEM "http://127.0.0.1:1/x.dtd"> %dtd;]><FinalDraft>${body}</FinalDraft>`,
    ],
    [
      'an external DTD',
      `<?xml version="1.0"?><!DOCTYPE FinalDraft SYSTEM "file:///etc/passwd"><FinalDraft>${body}</FinalDraft>`,
    ],
  ])('refuses %s', (_label, xml) => {
    expect(() => parseFdx(xml)).toThrow(FdxError);
  });

  it('expands no entity the document did not declare either', () => {
    expect(said(fdx(`${p('Character', 'KIT')}${p('Dialogue', 'Say &lol9; and &xxe;')}`))).toEqual([
      ['KIT', 'Say &lol9; and &xxe;', false],
    ]);
  });

  it.each([
    ['a cut-off file', fdx(p('Character', 'KIT')).slice(0, 200)],
    ['tags that do not match', fdx('<Paragraph Type="Action"><Text>Hi</Paragraph></Text>')],
    ['a second root', `${fdx(p('Action', 'Hi'))}<FinalDraft></FinalDraft>`],
    ['a run of broken references', fdx(p('Dialogue', '&#x1;'.repeat(101)))],
  ])('refuses %s as a broken document', (_label, xml) => {
    expect(() => parseFdx(xml)).toThrow(FdxError);
  });
});
