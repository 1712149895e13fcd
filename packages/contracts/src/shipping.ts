import { objectIdSchema } from './common.js';
import { countryCodeSchema } from './country.js';
import { z } from './zod.js';

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

/* Messages leave the field's name to the path the API puts before them (`…rate.price: …`). */
const amount = z
  .number({ error: 'must be an amount' })
  .min(0, 'must not be negative')
  .max(MAX_SHIPPING_AMOUNT, `must be at most ${MAX_SHIPPING_AMOUNT}`);

const wholeNumber = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`);

const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');

const tiers = <T extends z.ZodType>(tier: T) =>
  z
    .array(tier, { error: 'must be a list' })
    .min(1, 'needs at least one tier')
    .max(MAX_TIERS, `has at most ${MAX_TIERS} tiers`);

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
    .array(countryCodeSchema('A country'), { error: 'must be a list' })
    .max(300, 'lists at most 300 countries'),
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
    .array(methodInputSchema, { error: 'must be a list' })
    .max(MAX_METHODS_PER_ZONE, `has at most ${MAX_METHODS_PER_ZONE} methods`),
});

const ascending = (bounds: readonly number[]) =>
  bounds.every((bound, i) => i === 0 || bound > (bounds[i - 1] ?? bound));

const boundsOf = (rate: ShippingRate): number[] => {
  if (rate.kind === 'weight') return rate.tiers.map((t) => t.upToGrams);
  if (rate.kind === 'subtotal') return rate.tiers.map((t) => t.upTo);
  return [];
};

/** The whole list of zones, replaced at once: each check names the zone and method it is about. */
export const shippingZonesRequestSchema = z
  .object({
    zones: z
      .array(zoneInputSchema, { error: 'must be a list' })
      .max(MAX_ZONES, `A shop has at most ${MAX_ZONES} shipping zones`),
  })
  .superRefine(({ zones }, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    const zoneOf = new Map<string, string>();
    const ids = new Set<string>();
    const idTwice = (id: string | undefined) => {
      if (id === undefined) return false;
      const key = id.toLowerCase();
      if (ids.has(key)) return true;
      ids.add(key);
      return false;
    };
    const names = new Set(zones.map((z) => z.name.toLowerCase()));
    if (names.size !== zones.length) fail('Two shipping zones have the same name');
    if (zones.filter((z) => z.restOfWorld).length > 1) {
      fail('Only one shipping zone can be the rest of the world');
    }
    for (const zone of zones) {
      if (idTwice(zone._id)) fail(`Zone ${zone.name}: its id ${zone._id} is used twice`);
      if (zone.countries.length === 0 && !zone.restOfWorld) {
        fail(`Zone ${zone.name} lists no countries (or set it as the rest of the world)`);
      }
      for (const country of zone.countries) {
        const other = zoneOf.get(country);
        if (other === zone.name) fail(`Zone ${zone.name} lists ${country} twice`);
        else if (other !== undefined) {
          fail(`Country ${country} is in two zones: ${other} and ${zone.name}`);
        }
        zoneOf.set(country, zone.name);
      }
      const methodNames = new Set(zone.methods.map((m) => m.name.toLowerCase()));
      if (methodNames.size !== zone.methods.length) {
        fail(`Zone ${zone.name} has two methods of the same name`);
      }
      for (const method of zone.methods) {
        const where = `Zone ${zone.name}, method ${method.name}`;
        if (idTwice(method._id)) fail(`${where}: its id ${method._id} is used twice`);
        if (method.minDays > method.maxDays) {
          fail(`${where}: minDays must not be more than maxDays`);
        }
        if (!ascending(boundsOf(method.rate))) {
          fail(`${where}: the tiers' bounds must be strictly ascending`);
        }
      }
    }
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
