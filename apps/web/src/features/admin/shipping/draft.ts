import type { ShippingRate, ShippingZone, ShippingZonesRequest } from '@shop/contracts/shipping';

/**
 * The zones as the Shipping screen edits them: every number as the text typed, so a half-typed
 * field stays as it is. `requestOf` turns them into the PUT's body; text that is no number goes
 * as it is, for the contract's checks (`shippingZonesProblems`) to name.
 */

export type RateKind = ShippingRate['kind'];

export interface TierDraft {
  key: number;
  /** Grams for a weight rate, an amount for a subtotal rate. */
  bound: string;
  price: string;
}

export interface MethodDraft {
  key: number;
  _id?: string;
  name: string;
  kind: RateKind;
  /** A flat rate's price. */
  price: string;
  tiers: TierDraft[];
  /** Empty: never free. */
  freeOver: string;
  minDays: string;
  maxDays: string;
}

export interface ZoneDraft {
  key: number;
  _id?: string;
  name: string;
  /** Codes as typed, separated by commas or spaces: `DE, FR AT`. */
  countries: string;
  restOfWorld: boolean;
  methods: MethodDraft[];
}

let keys = 0;
/** A key for a new row, so React keeps each row's inputs with it. */
export const nextKey = () => {
  keys += 1;
  return keys;
};

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

const tiersOf = (rate: ShippingRate): TierDraft[] => {
  if (rate.kind === 'weight') {
    return rate.tiers.map((t) => ({
      key: nextKey(),
      bound: text(t.upToGrams),
      price: text(t.price),
    }));
  }
  if (rate.kind === 'subtotal') {
    return rate.tiers.map((t) => ({ key: nextKey(), bound: text(t.upTo), price: text(t.price) }));
  }
  return [];
};

export const newTier = (): TierDraft => ({ key: nextKey(), bound: '', price: '' });

export const newMethod = (): MethodDraft => ({
  key: nextKey(),
  name: '',
  kind: 'flat',
  price: '',
  tiers: [newTier()],
  freeOver: '',
  minDays: '1',
  maxDays: '3',
});

export const newZone = (): ZoneDraft => ({
  key: nextKey(),
  name: '',
  countries: '',
  restOfWorld: false,
  methods: [newMethod()],
});

export const draftOf = (zones: readonly ShippingZone[]): ZoneDraft[] =>
  zones.map((zone) => ({
    key: nextKey(),
    _id: zone._id,
    name: zone.name,
    countries: zone.countries.join(', '),
    restOfWorld: zone.restOfWorld,
    methods: zone.methods.map((method) => ({
      key: nextKey(),
      _id: method._id,
      name: method.name,
      kind: method.rate.kind,
      price: method.rate.kind === 'flat' ? text(method.rate.price) : '',
      tiers:
        method.rate.kind === 'weight' || method.rate.kind === 'subtotal'
          ? tiersOf(method.rate)
          : [newTier()],
      freeOver: text(method.freeOver),
      minDays: text(method.minDays),
      maxDays: text(method.maxDays),
    })),
  }));

/** A number typed, or the text itself for the server to refuse (as `number`: the body's type). */
const numberOf = (typed: string): number => {
  const trimmed = typed.trim();
  return (/^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed) as number;
};

function rateOf(method: MethodDraft): ShippingRate {
  switch (method.kind) {
    case 'flat':
      return { kind: 'flat', price: numberOf(method.price) };
    case 'weight':
      return {
        kind: 'weight',
        tiers: method.tiers.map((t) => ({
          upToGrams: numberOf(t.bound),
          price: numberOf(t.price),
        })),
      };
    case 'subtotal':
      return {
        kind: 'subtotal',
        tiers: method.tiers.map((t) => ({ upTo: numberOf(t.bound), price: numberOf(t.price) })),
      };
    case 'pickup':
      return { kind: 'pickup' };
  }
}

export const requestOf = (zones: readonly ZoneDraft[]): ShippingZonesRequest => ({
  zones: zones.map((zone) => ({
    ...(zone._id ? { _id: zone._id } : {}),
    name: zone.name,
    countries: zone.countries.split(/[\s,]+/).filter(Boolean),
    restOfWorld: zone.restOfWorld,
    methods: zone.methods.map((method) => ({
      ...(method._id ? { _id: method._id } : {}),
      name: method.name,
      rate: rateOf(method),
      ...(method.freeOver.trim() === '' ? {} : { freeOver: numberOf(method.freeOver) }),
      minDays: numberOf(method.minDays),
      maxDays: numberOf(method.maxDays),
    })),
  })),
});

const ZONE_CONTROLS = new Set(['name', 'countries', 'restOfWorld']);
const METHOD_CONTROLS = new Set(['name', 'freeOver', 'minDays', 'maxDays']);

/**
 * The screen's control a field of the request is typed in (`zones.1.methods.0.rate.price` →
 * that method's Price), named by its zone's, method's or tier's key so a problem stays with its
 * row when another is removed; '' for what has no control of its own (a zone's id).
 */
export const shippingControlOf =
  (zones: readonly ZoneDraft[]) =>
  (field: string): string => {
    const [top, zoneIndex, zoneField = '', methodIndex, ...path] = field.split('.');
    const zone = top === 'zones' ? zones[Number(zoneIndex)] : undefined;
    if (!zone) return '';
    if (zoneField !== 'methods') {
      return ZONE_CONTROLS.has(zoneField) ? `zone${zone.key}.${zoneField}` : '';
    }
    const method = zone.methods[Number(methodIndex)];
    const [methodField = '', ratePart, tierIndex, tierField] = path;
    if (!method) return '';
    if (methodField !== 'rate') {
      return METHOD_CONTROLS.has(methodField) ? `method${method.key}.${methodField}` : '';
    }
    if (ratePart === 'price') return `method${method.key}.price`;
    if (ratePart !== 'tiers') return `method${method.key}.kind`;
    if (tierIndex === undefined) return `method${method.key}.tiers`;
    const tier = method.tiers[Number(tierIndex)];
    return tier ? `tier${tier.key}.${tierField === 'price' ? 'price' : 'bound'}` : '';
  };
