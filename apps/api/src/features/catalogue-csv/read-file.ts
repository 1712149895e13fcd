import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseNow } from 'csv-parse/sync';
import { badRequest } from '../../lib/errors.js';
import { headerProblem } from './input.js';

/** How the import reads CSV: UTF-8, a BOM allowed, rows of any length (each is checked). */
const CSV_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true } as const;

/**
 * Refuses (400) an upload that is not a CSV of the catalogue, before a job is made of it: bytes
 * that are not UTF-8 text (a photo, a spreadsheet's own format), a first row that is not CSV,
 * or a header whose columns are not the export's.
 */
export function checkCatalogueCsv(file: Buffer): void {
  const notCsv = (why: string) => badRequest(`The file is not a CSV of the catalogue: ${why}`);
  // Checked on the bytes: decoding 8 MB into a string only to look at it would copy it twice.
  if (!isUtf8(file) || file.includes(0)) throw notCsv('it is not UTF-8 text');
  let header: string[] | undefined;
  try {
    [header] = parseNow(file, { ...CSV_OPTIONS, to_line: 1 }) as string[][];
  } catch (err) {
    throw notCsv((err as Error).message);
  }
  const problem = header ? headerProblem(header.map((c) => c.trim())) : 'it is empty';
  if (problem) throw notCsv(problem);
}

/** The file's records, header first, read a chunk at a time. */
export const csvRecords = (file: Buffer): AsyncIterable<string[]> =>
  Readable.from([file]).pipe(parse(CSV_OPTIONS));
