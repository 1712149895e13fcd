import type { CastReturnObject } from 'csv-stringify';
import type { Response } from 'express';

/**
 * A field a spreadsheet could read a formula from, however it splits the file (OWASP's CSV
 * injection rules): one that starts with a tab or a line break, or has a formula character
 * (= + - @, or the full-width forms Apple Numbers reads as them) at its start or where a
 * spreadsheet may start a cell inside it, reading the file with other separators or quotes
 * than it was written with (a `;` where that is the list separator, a tab, several at once):
 * after a comma, a semicolon, a tab, a line break or a quote, spaces between (a spreadsheet may
 * trim them).
 */
export const FORMULA_LIKE =
  /^[\t\r\n]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[,;\t\r\n"']\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;
/** Where a formula character follows a separator, a line break or a quote inside a field. */
const FORMULA_INSIDE = /([,;\t\r\n"']\s*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;
/** The quotes `asText` put before formula characters inside a field. */
const DEFUSED_INSIDE = /([,;\t\r\n"']\s*)'(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/**
 * A field a spreadsheet could take a formula from is written as text: a `'` before it and
 * before each formula character that follows a separator, a line break or a quote in it, and
 * quoted, so that a spreadsheet splitting on commas keeps it one cell and one splitting on
 * anything else gets no cell that starts with a formula. Any other field (numbers, dates,
 * e-mails, most names and addresses) as it is. For csv-stringify's `cast.string`.
 */
export const asText = (field: string): string | CastReturnObject =>
  FORMULA_LIKE.test(field)
    ? { value: `'${field.replace(FORMULA_INSIDE, "$1'")}`, quoted: true }
    : field;

/**
 * A field as it was before `asText` wrote it as text (a file exported here and read back), or
 * as it is when `asText` would not have changed it. What comes back may still be formula-like:
 * the caller decides what to do with such text.
 */
export function fromText(field: string): string {
  if (!field.startsWith("'")) return field;
  const original = field.slice(1).replace(DEFUSED_INSIDE, '$1');
  return FORMULA_LIKE.test(original) ? original : field;
}

/** A cell a spreadsheet would run as a formula when it opens the file (`=cmd|' /C calc'!A0`). */
export const startsAsFormula = (field: string) =>
  /^[\t\r\n]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u.test(field);

/**
 * Sends the answer as a CSV file to save, `<what>-<today>.csv`, that no cache keeps (the staff's
 * exports: orders, the catalogue, the audit log).
 */
export function answerCsvFile(res: Pick<Response, 'set'>, what: string): void {
  const day = new Date().toISOString().slice(0, 10);
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${what}-${day}.csv"`,
    'Cache-Control': 'no-store',
  });
}
