import type { z } from './zod.js';

/*
 * How the Shipping screen names what a zones request holds, so that the API's refusals and the
 * screen's own checks say the same: a zone or method by its name, or by its number while it has
 * none (`Zone "Europe", method "Express"`, `Zone 2, method 1`), a field by its label.
 */

const at = (value: unknown, key: PropertyKey): unknown =>
  typeof value === 'object' && value !== null
    ? (value as Record<PropertyKey, unknown>)[key]
    : undefined;

const named = (noun: string, item: unknown, index: number) => {
  const name = at(item, 'name');
  return typeof name === 'string' && name.trim() !== ''
    ? `${noun} "${name.trim()}"`
    : `${noun} ${index + 1}`;
};

/** Where a zone, or one of its methods, is in `request` (sent or parsed), as the screen names it. */
export function shippingPlace(request: unknown, zone: number, method?: number): string {
  const zoneItem = at(at(request, 'zones'), zone);
  const place = named('Zone', zoneItem, zone);
  if (method === undefined) return place;
  return `${place}, ${named('method', at(at(zoneItem, 'methods'), method), method)}`;
}

/** A field of a zone or method as its label says it; '' where the message says it whole. */
const FIELD_WORDS: Record<string, string> = {
  name: 'the name',
  restOfWorld: '"rest of the world"',
  freeOver: '"free over"',
  minDays: 'days at least',
  maxDays: 'days at most',
  _id: 'the id',
};

function wordsOf([field, part, tier, tierField]: readonly PropertyKey[]): string {
  if (field !== 'rate') return FIELD_WORDS[String(field)] ?? '';
  if (part === 'price') return 'the price';
  if (part !== 'tiers') return 'how it is priced';
  if (typeof tier !== 'number') return '';
  return `the ${tierField === 'price' ? 'price' : 'bound'} of tier ${tier + 1}`;
}

/** The `params` of an issue whose message already names its zone and method. */
export const WORDED = { worded: true } as const;

/**
 * One problem of a zones request in the screen's words: `Zone "Europe", method "Express": the
 * price must be at most 1,000,000`. The checks across fields word themselves (`WORDED`).
 */
export function describeShippingIssue(issue: z.core.$ZodIssue, request: unknown): string {
  const message = issue.message.replace(/^Invalid input:?\s*/, '');
  const [, zone, zoneField, method, ...methodPath] = issue.path;
  const worded = issue.code === 'custom' && issue.params?.worded === true;
  if (worded || typeof zone !== 'number') return message;
  const inMethod = zoneField === 'methods' && typeof method === 'number';
  const place = shippingPlace(request, zone, inMethod ? method : undefined);
  const words = inMethod ? wordsOf(methodPath) : wordsOf([zoneField ?? '']);
  return `${place}: ${words ? `${words} ${message}` : message}`;
}
