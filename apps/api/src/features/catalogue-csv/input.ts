import { MAX_OPTIONS, MAX_WEIGHT_GRAMS } from '@shop/contracts';
import { CATALOGUE_CSV_COLUMNS, optionColumns, type RowError } from '@shop/contracts/catalogue-csv';
import { SKU_PATTERN } from '@shop/contracts/variants-request';
import { fromText, startsAsFormula } from '../../lib/csv.js';
import { exactlyFromMajor, type Minor } from '../../lib/money.js';

/**
 * A row of the import as the plan takes it: what its cells say, checked one by one, its price
 * in minor units of the store currency. A field is here only when the file has its column and
 * the row's cell is not empty: an empty cell changes nothing.
 */
export interface RowInput {
  /** Its number in the file, the header being row 1. */
  row: number;
  sku: string;
  slug?: string;
  name?: string;
  description?: string;
  /** The category's id, found by the slug in the cell. */
  categoryId?: string;
  /** Each option's name and this row's value, when the row gives any. */
  options?: { name: string; value: string }[];
  price?: Minor;
  quantity?: number;
  weight?: number;
  taxClass?: string;
  /** The photo the SKU shows: a URL to fetch, or this shop's URL of a photo it has. */
  photo?: string;
}

/** What a row's cells are read against: the shop as it is when the import starts. */
export interface RowContext {
  currency: string;
  categoryIdBySlug: (slug: string) => string | undefined;
  taxClasses: readonly string[];
}

const MAX_AMOUNT = 1_000_000;
const MAX_QUANTITY = 1_000_000;
const OPTION_COLUMN = /^option(\d+) (name|value)$/;

/**
 * What is wrong with the file's header, if anything: every column is one of the export's (or an
 * option past the third, reported on each row that fills it), none twice, `sku` among them.
 */
export function headerProblem(header: readonly string[]): string | null {
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  const unknown = header.filter((column) => !known.has(column) && !OPTION_COLUMN.test(column));
  if (unknown.length > 0) {
    return `Unknown column ${unknown.map((c) => `"${c}"`).join(', ')}: the columns are those of the export`;
  }
  const twice = header.find((column, i) => header.indexOf(column) !== i);
  if (twice) return `Column "${twice}" appears twice`;
  if (!header.includes('sku')) return 'The file has no sku column: rows are matched by SKU';
  return null;
}

/** Reads one cell's number: whole or with decimals, never negative, at most `max`. */
function numberOf(
  text: string,
  { label, max, whole }: { label: string; max: number; whole: boolean },
): number | string {
  if (/^-\s*\d/.test(text)) return `${label} must not be negative`;
  const pattern = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
  if (!pattern.test(text)) {
    return whole ? `${label} must be a whole number` : `${label} must be a number like 12.50`;
  }
  const value = Number(text);
  return value > max ? `${label} must be at most ${max}` : value;
}

/** A row's options from its option columns: each pair with a name, in the columns' order. */
function optionsOf(
  cell: (column: string) => string | undefined,
  header: readonly string[],
  problem: (column: string, message: string) => void,
): RowInput['options'] {
  const numbers = [
    ...new Set(header.flatMap((column) => OPTION_COLUMN.exec(column)?.[1] ?? []).map(Number)),
  ].sort((a, b) => a - b);
  const options: { name: string; value: string }[] = [];
  for (const n of numbers) {
    const [nameColumn, valueColumn] = optionColumns(n);
    const name = cell(nameColumn);
    const value = cell(valueColumn);
    if (name === undefined && value === undefined) continue;
    if (n > MAX_OPTIONS) problem(nameColumn, `A product has at most ${MAX_OPTIONS} options`);
    else if (name === undefined) problem(nameColumn, `Option ${n} has a value but no name`);
    else if (value === undefined) problem(valueColumn, `Option ${n} (${name}) has no value`);
    else options.push({ name, value });
  }
  return options.length > 0 ? options : undefined;
}

/**
 * The row read against the header and the shop, or every problem found in it (each with its
 * column): formula text in any cell, a malformed or negative figure, an unknown category or tax
 * class, a malformed SKU, more options than a product has.
 */
export function readRow(
  cells: readonly string[],
  row: number,
  header: readonly string[],
  context: RowContext,
): { sku: string } & ({ input: RowInput } | { errors: RowError[] }) {
  const errors: RowError[] = [];
  const problem = (column: string, message: string) => errors.push({ row, column, message });
  if (cells.length !== header.length) {
    problem('', `The row has ${cells.length} cells where the header has ${header.length} columns`);
    return { sku: '', errors };
  }
  const values = new Map<string, string>();
  header.forEach((column, i) => {
    const raw = cells[i] ?? '';
    if (startsAsFormula(raw) && !/^-\s*\d+(\.\d+)?$/.test(raw)) {
      problem(column, 'Formula text is not accepted (a cell must not start with = + - or @)');
      return;
    }
    const text = fromText(raw);
    const value = column === 'description' ? text : text.trim();
    if (value !== '') values.set(column, value);
  });
  const cell = (column: string) => values.get(column);

  const sku = cell('sku');
  if (sku === undefined) problem('sku', 'SKU is required');
  else if (sku.length > 64 || !SKU_PATTERN.test(sku)) {
    problem('sku', 'SKU may hold only letters, digits and . _ / - (at most 64)');
  }
  const input: RowInput = { row, sku: sku ?? '' };
  for (const field of ['slug', 'name', 'description', 'photo'] as const) {
    const value = cell(field);
    if (value !== undefined) input[field] = value;
  }
  const category = cell('category');
  if (category !== undefined) {
    const id = context.categoryIdBySlug(category.toLowerCase());
    if (id) input.categoryId = id;
    else problem('category', `Unknown category ${category}: give a category's slug`);
  }
  const options = optionsOf(cell, header, problem);
  if (options) input.options = options;

  const price = cell('price');
  if (price !== undefined) {
    const read = numberOf(price, { label: 'Price', max: MAX_AMOUNT, whole: false });
    const amount = typeof read === 'number' ? exactlyFromMajor(read, context.currency) : null;
    if (typeof read === 'string') problem('price', read);
    else if (amount === null)
      problem('price', `Price has more decimals than ${context.currency.toUpperCase()} has`);
    else input.price = amount;
  }
  for (const [field, label, max] of [
    ['quantity', 'Quantity', MAX_QUANTITY],
    ['weight', 'Weight', MAX_WEIGHT_GRAMS],
  ] as const) {
    const text = cell(field);
    if (text === undefined) continue;
    const read = numberOf(text, { label, max, whole: true });
    if (typeof read === 'string') problem(field, read);
    else input[field] = read;
  }
  const taxClass = cell('taxClass');
  if (taxClass !== undefined) {
    if (context.taxClasses.includes(taxClass)) input.taxClass = taxClass;
    else
      problem(
        'taxClass',
        `Tax class ${taxClass} is not one of the shop's (${context.taxClasses.join(', ')})`,
      );
  }
  return errors.length > 0 ? { sku: input.sku, errors } : { sku: input.sku, input };
}
