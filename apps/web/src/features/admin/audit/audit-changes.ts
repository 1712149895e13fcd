import { formatMinorUnits } from '@shop/contracts/money';

/** Fields whose numbers are money, kept in minor units of the store currency. */
const MONEY_FIELDS = new Set(['price', 'amount', 'supportRefundLimit', 'minimumSubtotal']);

/**
 * What may name each item of a list, first choice first: a name a person reads before an id.
 * A list none of them names once per item (a tax class's rates share a country) goes by position.
 */
const ITEM_KEYS = ['name', 'code', 'country', 'sku', '_id'] as const;

/**
 * One line of what a write changed: `variants[MUG-1].price` (`name` its last part), from and to,
 * a side left out when the thing was made or is gone; or, for a list of plain values (a zone's
 * countries), what it gained and lost.
 */
export interface ChangeLine {
  field: string;
  name: string;
  from?: { value: unknown };
  to?: { value: unknown };
  listed?: { added: unknown[]; removed: unknown[] };
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/** A list's items when each is a thing with fields, a side left out as none; else null. */
const thingsIn = (value: unknown): Fields[] | null =>
  value === undefined ? [] : Array.isArray(value) && value.every(isFields) ? value : null;

/** The first of ITEM_KEYS whose value names every item of each list, once. */
function itemKey(lists: Fields[][]): string | undefined {
  return ITEM_KEYS.find((key) =>
    lists.every((list) => {
      const names = list.map((item) => item[key]);
      const named = names.every((n) => typeof n === 'string' || typeof n === 'number');
      return named && new Set(names).size === names.length;
    }),
  );
}

const byName = (list: Fields[], key: string | undefined) =>
  new Map(list.map((item, index) => [String(key ? item[key] : index), item]));

/** A thing's fields but its key, which the line's field already names. */
const without = (key: string | undefined, thing: Fields | undefined) =>
  Object.fromEntries(Object.entries(thing ?? {}).filter(([name]) => name !== key));

const side = (which: 'from' | 'to', value: unknown) =>
  value === undefined ? {} : { [which]: { value } };

/**
 * What changed, a line per field, as a person reads it: a thing inside a field a line per
 * changed field of it; a list of things (a product's variants, a zone's methods) by what names
 * each, else by position, a line per changed field of each, so a price edit of one size reads
 * as that price alone; a list of plain values as what it gained and lost.
 */
export function changeLines(before: Fields | null, after: Fields | null): ChangeLine[] {
  const lines: ChangeLine[] = [];
  const compareFields = (field: string, from: Fields, to: Fields) => {
    for (const name of new Set([...Object.keys(from), ...Object.keys(to)])) {
      compare(field ? `${field}.${name}` : name, name, from[name], to[name]);
    }
  };
  const compareThings = (field: string, was: Fields[], is: Fields[]) => {
    const key = itemKey([was, is]);
    const old = byName(was, key);
    const now = byName(is, key);
    for (const id of new Set([...old.keys(), ...now.keys()])) {
      const item = `${field}[${id}]`;
      const gone = old.get(id);
      const made = now.get(id);
      // A thing made or gone is one line when its name says what it is; an id or a position
      // does not, so its fields follow.
      if ((!gone || !made) && key && key !== '_id') {
        lines.push({ field: item, name: item, ...side(gone ? 'from' : 'to', id) });
      } else compareFields(item, without(key, gone), without(key, made));
    }
  };
  const compare = (field: string, name: string, from: unknown, to: unknown) => {
    if ((isFields(from) || from === undefined) && (isFields(to) || to === undefined)) {
      return compareFields(field, from ?? {}, to ?? {});
    }
    const was = thingsIn(from);
    const is = thingsIn(to);
    if (was && is && was.length + is.length > 0) return compareThings(field, was, is);
    if (Array.isArray(from) && Array.isArray(to) && [...from, ...to].every(isPlain)) {
      const added = to.filter((value) => !from.includes(value));
      const removed = from.filter((value) => !to.includes(value));
      if (added.length + removed.length > 0) {
        lines.push({ field, name, listed: { added, removed } });
        return;
      }
    }
    if (JSON.stringify(from) !== JSON.stringify(to)) {
      lines.push({ field, name, ...side('from', from), ...side('to', to) });
    }
  };
  compareFields('', before ?? {}, after ?? {});
  return lines;
}

/**
 * A value as the log shows it: money in the store currency, text as it is, a list of plain
 * values as `a, b, c`, anything else as JSON, long ones cut.
 */
export function shownValue(name: string, value: unknown, currency: string | undefined): string {
  if (currency && MONEY_FIELDS.has(name) && Number.isInteger(value)) {
    return formatMinorUnits(value as number, currency);
  }
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value) && value.every(isPlain)
        ? value.map((item) => shownValue(name, item, currency)).join(', ') || 'none'
        : JSON.stringify(value ?? null);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * A line's change as the log writes it after the field: `from → to`, `+FR, −DE` for a list of
 * plain values, or the one side there is (`(gone)` when the thing itself is kept).
 */
export function shownChange(line: ChangeLine, currency: string | undefined, thingKept: boolean) {
  const shown = (value: unknown) => shownValue(line.name, value, currency);
  const { from, to, listed } = line;
  if (listed) {
    return [
      ...listed.added.map((value) => `+${shown(value)}`),
      ...listed.removed.map((value) => `−${shown(value)}`),
    ].join(', ');
  }
  if (from && to) return `${shown(from.value)} → ${shown(to.value)}`;
  if (from) return `${shown(from.value)}${thingKept ? ' (gone)' : ''}`;
  return to ? shown(to.value) : '';
}
