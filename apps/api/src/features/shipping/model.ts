import mongoose from 'mongoose';

/** The one document holding every zone (`_id: 'zones'`): a save replaces the list at once. */
export const ZONES_ID = 'zones';

const methodSchema = new mongoose.Schema(
  {
    _id: { type: mongoose.Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    /**
     * `{ kind, price?, tiers? }`, amounts in minor units of the store currency. One of four
     * shapes, checked by the contract before it is written, so stored as it is.
     */
    rate: { type: mongoose.Schema.Types.Mixed, required: true },
    /** Minor units; absent: never free. */
    freeOver: { type: Number },
    minDays: { type: Number, required: true },
    maxDays: { type: Number, required: true },
  },
  { _id: false },
);

const zoneSchema = new mongoose.Schema(
  {
    _id: { type: mongoose.Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    countries: { type: [String], default: [] },
    restOfWorld: { type: Boolean, default: false },
    methods: { type: [methodSchema], default: [] },
  },
  { _id: false },
);

const shippingZonesSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    zones: { type: [zoneSchema], default: [] },
  },
  { versionKey: false, collection: 'shipping_zones' },
);

/** Read and written only by ./repository.ts. */
export const ShippingZonesModel = mongoose.model('shipping_zones', shippingZonesSchema);
