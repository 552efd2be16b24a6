/**
 * RFC 4180 CSV cells with formula-injection defence (docs/glossary.md#S7): a cell starting with `=`, `+`, `-`,
 * `@`, tab, CR or NUL gets a leading `'`, so a spreadsheet shows it as text instead of running
 * it; a cell holding a comma, quote, CR or LF is quoted, its quotes doubled.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
