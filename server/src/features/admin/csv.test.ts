import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r', '\0'];

describe('CSV cells (S7)', () => {
  it('quotes and prefixes the cases by hand', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('\0x')).toBe("'\0x");
    expect(csvCell('=1,"2"')).toBe('"\'=1,""2"""');
    expect(csvRow(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('parses back 10,000 random strings exactly, every formula start prefixed', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({
        unit: fc.constantFrom(...FORMULA_START, '"', ',', '\n', '\r', 'a', ' '),
        maxLength: 12,
      }),
    );
    // 10 documents of 250 rows of 4 cells: 10,000 strings, each document parsed at once.
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), {
          minLength: 250,
          maxLength: 250,
        }),
        (rows) => {
          const text = rows.map((r) => csvRow(r)).join('');
          const records = parse(text, { bom: false }) as string[][];
          const expected = rows.map((r) =>
            r.map((c) => (c.length > 0 && FORMULA_START.includes(c[0]!) ? `'${c}` : c)),
          );
          expect(records).toEqual(expected);
          expect(records.flat().filter((c) => FORMULA_START.includes(c[0] ?? ''))).toEqual([]);
        },
      ),
      { numRuns: 10 },
    );
  });
});
