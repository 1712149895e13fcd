import { type FieldProblem, objectIdSchema } from './common.js';
import { isCountryCode } from './country.js';
import { describeShippingIssue, shippingPlace, WORDED } from './shipping-words.js';
import { z } from './zod.js';

export { describeShippingIssue, shippingPlace } from './shipping-words.js';

/*
 * Shipping zones and their methods, as `GET/PUT /api/v1/shipping/zones` carry them, in a path of
 * their own (`@shop/contracts/shipping`): only the admin's screen, the API and the checkout need
 * them. Amounts are in major units of the store currency, as the API writes money.
 */

export const MAX_ZONES = 50;
export const MAX_METHODS_PER_ZONE = 20;
export const MAX_TIERS = 20;
export const MAX_SHIPPING_AMOUNT = 1_000_000;
/** The heaviest bound a weight tier may have: ten tonnes. */
export const MAX_TIER_GRAMS = 10_000_000;
export const MAX_DELIVERY_DAYS = 365;

/*
 * Messages leave the zone, the method and the field to `describeShippingIssue`, which puts them
 * first as the screen names them (`Zone "Europe", method "Express": the price …`); those of a
 * list say it whole.
 */
const grouped = (n: number) => n.toLocaleString('en-US');

const amount = z
  .number({ error: 'must be an amount' })
  .min(0, 'must not be negative')
  .max(MAX_SHIPPING_AMOUNT, `must be at most ${grouped(MAX_SHIPPING_AMOUNT)}`);

const wholeNumber = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(max, `must be at most ${grouped(max)}`);

const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');

const tiers = <T extends z.ZodType>(tier: T) =>
  z
    .array(tier, { error: 'the tiers must be a list' })
    .min(1, 'the rate needs at least one tier')
    .max(MAX_TIERS, `the rate has at most ${MAX_TIERS} tiers`);

const country = z
  .string({ error: 'a country must be a two-letter code such as DE' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, {
    error: (issue) => `${String(issue.input)} is not a two-letter country code such as DE`,
  });

/** What a method costs: one price, a price by the cart's weight or by its subtotal, or nothing. */
export const shippingRateSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('flat'), price: amount }),
      z.object({
        kind: z.literal('weight'),
        /** The first tier whose bound is ≥ the cart's weight; past the last one, not offered. */
        tiers: tiers(z.object({ upToGrams: wholeNumber(MAX_TIER_GRAMS), price: amount })),
      }),
      z.object({
        kind: z.literal('subtotal'),
        /** The first tier whose bound is ≥ the goods' subtotal; past the last one, not offered. */
        tiers: tiers(z.object({ upTo: amount, price: amount })),
      }),
      z.object({ kind: z.literal('pickup') }),
    ],
    { error: "must be 'flat', 'weight', 'subtotal' or 'pickup'" },
  )
  .meta({ id: 'ShippingRate' });
export type ShippingRate = z.infer<typeof shippingRateSchema>;

const methodFields = {
  name,
  rate: shippingRateSchema,
  /** The method costs nothing when the goods' subtotal (as shown) is at least this. */
  freeOver: amount.optional(),
  minDays: wholeNumber(MAX_DELIVERY_DAYS),
  maxDays: wholeNumber(MAX_DELIVERY_DAYS),
};

const zoneFields = {
  name,
  countries: z
    .array(country, { error: 'the countries must be a list' })
    .max(300, 'a zone lists at most 300 countries'),
  /** Serves every country no other zone lists (at most one zone does). */
  restOfWorld: z.boolean({ error: 'must be true or false' }).default(false),
};

export const shippingMethodSchema = z
  .object({ _id: objectIdSchema, ...methodFields })
  .meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingZoneSchema = z
  .object({ _id: objectIdSchema, ...zoneFields, methods: z.array(shippingMethodSchema) })
  .meta({ id: 'ShippingZone' });
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

const methodInputSchema = z.object({
  /** Kept when given, so that a quote made before the save still names the method. */
  _id: objectIdSchema.optional(),
  ...methodFields,
});

const zoneInputSchema = z.object({
  _id: objectIdSchema.optional(),
  ...zoneFields,
  methods: z
    .array(methodInputSchema, { error: 'the methods must be a list' })
    .max(MAX_METHODS_PER_ZONE, `a zone has at most ${MAX_METHODS_PER_ZONE} methods`),
});

/** The first tier whose bound is not above the one before, or -1. */
const firstTierOutOfOrder = (bounds: readonly number[]) =>
  bounds.findIndex((bound, i) => i > 0 && bound <= (bounds[i - 1] ?? bound));

const boundsOf = (rate: ShippingRate): number[] => {
  if (rate.kind === 'weight') return rate.tiers.map((t) => t.upToGrams);
  if (rate.kind === 'subtotal') return rate.tiers.map((t) => t.upTo);
  return [];
};

/**
 * The whole list of zones, replaced at once. Each check across fields names the field it is
 * about (its path) and words its message as `describeShippingIssue` words the others.
 */
export const shippingZonesRequestSchema = z
  .object({
    zones: z
      .array(zoneInputSchema, { error: 'Zones must be a list' })
      .max(MAX_ZONES, `A shop has at most ${MAX_ZONES} shipping zones`),
  })
  .superRefine((request, ctx) => {
    const fail = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path: ['zones', ...path], message, params: WORDED });
    const zoneOf = new Map<string, number>();
    const ids = new Set<string>();
    const idTwice = (id: string | undefined) => {
      if (id === undefined) return false;
      const key = id.toLowerCase();
      if (ids.has(key)) return true;
      ids.add(key);
      return false;
    };
    const zoneNames = new Set<string>();
    let restOfWorld = false;
    request.zones.forEach((zone, z) => {
      const place = shippingPlace(request, z);
      if (zoneNames.has(zone.name.toLowerCase())) {
        fail([z, 'name'], `${place}: another zone has the same name`);
      }
      zoneNames.add(zone.name.toLowerCase());
      if (zone.restOfWorld && restOfWorld) {
        fail([z, 'restOfWorld'], `${place}: only one zone can be the rest of the world`);
      }
      restOfWorld ||= zone.restOfWorld;
      if (idTwice(zone._id)) fail([z], `${place}: its id ${zone._id} is used twice`);
      if (zone.countries.length === 0 && !zone.restOfWorld) {
        fail([z, 'countries'], `${place}: list a country, or make it the rest of the world`);
      }
      for (const code of zone.countries) {
        const other = zoneOf.get(code);
        if (other === z) fail([z, 'countries'], `${place}: ${code} is listed twice`);
        else if (other !== undefined) {
          const otherPlace = shippingPlace(request, other).replace(/^Zone/, 'zone');
          fail([z, 'countries'], `${place}: ${code} is also in ${otherPlace}`);
        }
        zoneOf.set(code, z);
      }
      const methodNames = new Set<string>();
      zone.methods.forEach((method, m) => {
        const where = shippingPlace(request, z, m);
        const at = (...path: (string | number)[]) => [z, 'methods', m, ...path];
        if (methodNames.has(method.name.toLowerCase())) {
          fail(at('name'), `${where}: another method of the zone has the same name`);
        }
        methodNames.add(method.name.toLowerCase());
        if (idTwice(method._id)) fail(at(), `${where}: its id ${method._id} is used twice`);
        if (method.minDays > method.maxDays) {
          fail(at('minDays'), `${where}: days at least must not be more than days at most`);
        }
        const tier = firstTierOutOfOrder(boundsOf(method.rate));
        if (tier > 0) {
          const bound = method.rate.kind === 'weight' ? 'upToGrams' : 'upTo';
          fail(
            at('rate', 'tiers', tier, bound),
            `${where}: the bound of tier ${tier + 1} must be above that of tier ${tier}`,
          );
        }
      });
    });
  });
export type ShippingZonesRequest = z.input<typeof shippingZonesRequestSchema>;
export type ShippingZonesValues = z.output<typeof shippingZonesRequestSchema>;

export const shippingZonesResponseSchema = z.object({
  success: z.literal(true),
  zones: z.array(shippingZoneSchema),
});
export type ShippingZonesResponse = z.infer<typeof shippingZonesResponseSchema>;

export const shippingZonesSavedResponseSchema = shippingZonesResponseSchema.extend({
  message: z.string(),
});

/**
 * Every problem of a zones request, each named by its path and worded as the screen names it:
 * what the API answers, and what the Shipping screen checks before it sends.
 */
export function shippingZonesProblems(request: unknown): FieldProblem[] {
  const parsed = shippingZonesRequestSchema.safeParse(request);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: describeShippingIssue(issue, request),
  }));
}
