import mongoose from 'mongoose';
import { keptRead } from '../../lib/kept-read.js';
import { minor } from '../../lib/money.js';
import { ShippingZonesModel, ZONES_ID } from './model.js';
import { mapRate, type RateOf, type ShippingZone } from './zones.js';

/** The shipping zones as stored: the only module that reads or writes them. */

interface StoredZones {
  zones?: {
    _id: mongoose.Types.ObjectId;
    name: string;
    countries?: string[];
    restOfWorld?: boolean;
    methods?: {
      _id: mongoose.Types.ObjectId;
      name: string;
      rate: RateOf<number>;
      freeOver?: number | null;
      minDays: number;
      maxDays: number;
    }[];
  }[];
}

/** An id for a zone or method the admin adds. */
export const newShippingId = () => new mongoose.Types.ObjectId().toString();

/**
 * Every checkout reads the zones: each process keeps what it read for a second (as the store
 * settings), so a change made in another process shows here within that, and one made here at
 * once; kept by database, since a test process opens several.
 */
const KEPT_MS = 1000;
const kept = keptRead(() => readStoredZones(), KEPT_MS);

/** Every zone, in the admin's order, as kept (see above); none until some are saved. */
export const readZones = (): Promise<ShippingZone[]> => kept.get(mongoose.connection.name);

/** Every zone as stored now: what the admin's screen shows and edits. */
export async function readStoredZones(): Promise<ShippingZone[]> {
  const stored = await ShippingZonesModel.findById(ZONES_ID).lean<StoredZones>();
  return (stored?.zones ?? []).map((zone) => ({
    _id: String(zone._id),
    name: zone.name,
    countries: zone.countries ?? [],
    restOfWorld: zone.restOfWorld ?? false,
    methods: (zone.methods ?? []).map((method) => ({
      _id: String(method._id),
      name: method.name,
      rate: mapRate(method.rate, minor),
      freeOver: method.freeOver == null ? null : minor(method.freeOver),
      minDays: method.minDays,
      maxDays: method.maxDays,
    })),
  }));
}

const toDocument = (zones: readonly ShippingZone[]) =>
  zones.map((zone) => ({
    ...zone,
    _id: new mongoose.Types.ObjectId(zone._id),
    methods: zone.methods.map(({ freeOver, ...method }) => ({
      ...method,
      _id: new mongoose.Types.ObjectId(method._id),
      ...(freeOver === null ? {} : { freeOver }),
    })),
  }));

/** Replaces every zone in one write. */
export async function replaceZones(zones: readonly ShippingZone[]): Promise<void> {
  await ShippingZonesModel.updateOne(
    { _id: ZONES_ID },
    { $set: { zones: toDocument(zones) } },
    { upsert: true },
  );
  kept.forget();
}

/** Saves `zones` unless some are saved already (the seed): whether it saved them. */
export async function insertZonesIfMissing(zones: readonly ShippingZone[]): Promise<boolean> {
  const { upsertedCount } = await ShippingZonesModel.updateOne(
    { _id: ZONES_ID },
    { $setOnInsert: { zones: toDocument(zones) } },
    { upsert: true },
  );
  kept.forget();
  return upsertedCount > 0;
}
