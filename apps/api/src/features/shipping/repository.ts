import mongoose from 'mongoose';
import { ShippingZonesModel, ZONES_ID } from './model.js';
import type { ShippingRate, ShippingZone } from './zones.js';

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
      rate: ShippingRate;
      freeOver?: number | null;
      minDays: number;
      maxDays: number;
    }[];
  }[];
}

/** An id for a zone or method the admin adds. */
export const newShippingId = () => new mongoose.Types.ObjectId().toString();

/** Every zone, in the admin's order; none until the admin (or the seed) saves some. */
export async function readZones(): Promise<ShippingZone[]> {
  const stored = await ShippingZonesModel.findById(ZONES_ID).lean<StoredZones>();
  return (stored?.zones ?? []).map((zone) => ({
    _id: String(zone._id),
    name: zone.name,
    countries: zone.countries ?? [],
    restOfWorld: zone.restOfWorld ?? false,
    methods: (zone.methods ?? []).map((method) => ({
      _id: String(method._id),
      name: method.name,
      rate: method.rate,
      freeOver: method.freeOver ?? null,
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
}

/** Saves `zones` unless some are saved already (the seed): whether it saved them. */
export async function insertZonesIfMissing(zones: readonly ShippingZone[]): Promise<boolean> {
  const { upsertedCount } = await ShippingZonesModel.updateOne(
    { _id: ZONES_ID },
    { $setOnInsert: { zones: toDocument(zones) } },
    { upsert: true },
  );
  return upsertedCount > 0;
}
