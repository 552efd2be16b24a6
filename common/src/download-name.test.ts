import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download-name';

describe('download file name', () => {
  it.each([
    [
      'plain case',
      '2026-03-15T12:00:00Z',
      'Tom',
      'To be or not to be, that is the question',
      '20260315_Tom_To_be_or_not_to.mp3',
    ],
    [
      'voice name loses spaces and punctuation',
      '2026-01-02T00:00:00Z',
      "Mary-Jane O'Neil 2",
      'Hello there',
      '20260102_MaryJaneONeil2_Hello_there.mp3',
    ],
    [
      'missing voice name',
      '2026-01-02T00:00:00Z',
      null,
      'Hello',
      '20260102_UnknownVoice_Hello.mp3',
    ],
    [
      'voice name with nothing alphanumeric',
      '2026-01-02T00:00:00Z',
      '— ★ —',
      'Hello',
      '20260102_UnknownVoice_Hello.mp3',
    ],
    ['empty text', '2026-01-02T00:00:00Z', 'Ava', '   ', '20260102_Ava_audio.mp3'],
    ['missing text', '2026-01-02T00:00:00Z', 'Ava', undefined, '20260102_Ava_audio.mp3'],
    [
      'punctuation stripped after joining',
      '2026-12-31T23:59:59Z',
      'Ava',
      "Don't  stop!\n\nWhat? now... really",
      '20261231_Ava_Dont_stop_What_now_really.mp3',
    ],
    [
      'accented letters are not kept',
      '2026-05-05T00:00:00Z',
      'Zoë',
      'Café au lait',
      '20260505_Zo_Caf_au_lait.mp3',
    ],
    [
      'cut to 50 characters',
      '2026-05-05T00:00:00Z',
      'Ava',
      'Supercalifragilisticexpialidocious antidisestablishmentarianism floccinaucinihilipilification x y',
      '20260505_Ava_Supercalifragilisticexpialidocious_antidisestablis.mp3',
    ],
    [
      'only the first 5 words',
      '2026-05-05T00:00:00Z',
      'Ava',
      'one two three four five six seven',
      '20260505_Ava_one_two_three_four_five.mp3',
    ],
    ['date is the UTC day', '2026-03-31T23:30:00-04:00', 'Ava', 'Hi', '20260401_Ava_Hi.mp3'],
    [
      'text that is only symbols keeps its joining underscores',
      '2026-05-05T00:00:00Z',
      'Ava',
      '!!! ???',
      '20260505_Ava__.mp3',
    ],
  ])('%s', (_label, date, voiceName, text, expected) => {
    expect(downloadFileName({ date: new Date(date), voiceName, text })).toBe(expected);
  });

  it('never exceeds 50 characters in the text part', () => {
    const name = downloadFileName({
      date: new Date('2026-01-01T00:00:00Z'),
      voiceName: 'A',
      text: 'x'.repeat(400),
    });
    expect(name).toBe(`20260101_A_${'x'.repeat(50)}.mp3`);
  });
});
