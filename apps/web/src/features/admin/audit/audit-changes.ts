import { formatMinorUnits } from '@shop/contracts/money';

/** Fields whose numbers are money, kept in minor units of the store currency. */
const MONEY_FIELDS = new Set(['price', 'amount', 'supportRefundLimit', 'minimumSubtotal']);

/**
 * One line of what a write changed: `variants[MUG-1].price` (`name` its last part), from and to;
 * a side left out when the thing was made or is gone.
 */
export interface ChangeLine {
  field: string;
  name: string;
  from?: { value: unknown };
  to?: { value: unknown };
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of things each named by a SKU or an id (a product's variants), by that name. */
function byKey(list: unknown): Map<string, Fields> | null {
  if (!Array.isArray(list)) return null;
  const named = new Map<string, Fields>();
  for (const item of list) {
    const key = isFields(item) ? (item.sku ?? item._id) : undefined;
    if (!isFields(item) || typeof key !== 'string') return null;
    named.set(key, item);
  }
  return named;
}

const side = (which: 'from' | 'to', value: unknown) =>
  value === undefined ? {} : { [which]: { value } };

/**
 * What changed, a line per field; a list of named things (a product's variants) a line per
 * changed field of each, so a price edit of one size reads as that price alone.
 */
export function changeLines(before: Fields | null, after: Fields | null): ChangeLine[] {
  const lines: ChangeLine[] = [];
  const compare = (field: string, name: string, from: unknown, to: unknown) => {
    const was = byKey(from);
    const is = byKey(to);
    if (!was || !is) {
      if (JSON.stringify(from) !== JSON.stringify(to)) {
        lines.push({ field, name, ...side('from', from), ...side('to', to) });
      }
      return;
    }
    for (const key of new Set([...was.keys(), ...is.keys()])) {
      const item = `${field}[${key}]`;
      const old = was.get(key);
      const now = is.get(key);
      if (!old || !now) lines.push({ field: item, name: item, ...side(old ? 'from' : 'to', key) });
      else {
        for (const part of new Set([...Object.keys(old), ...Object.keys(now)])) {
          compare(`${item}.${part}`, part, old[part], now[part]);
        }
      }
    }
  };
  for (const name of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    compare(name, name, before?.[name], after?.[name]);
  }
  return lines;
}

/**
 * A value as the log shows it: money in the store currency, text as it is, anything else as
 * JSON, long ones cut.
 */
export function shownValue(name: string, value: unknown, currency: string | undefined): string {
  if (currency && MONEY_FIELDS.has(name) && Number.isInteger(value)) {
    return formatMinorUnits(value as number, currency);
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
