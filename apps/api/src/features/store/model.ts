import mongoose, { type InferSchemaType } from 'mongoose';

/** The shop's settings: one document, `_id` 'store' (see ./repository.ts). */
const storeSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    /** Lowercase ISO 4217; every product price is stored in its minor unit. */
    currency: { type: String, required: true },
    pricesIncludeTax: { type: Boolean, required: true },
    /** ISO 3166-1 alpha-2, uppercase. */
    country: { type: String, required: true },
    /** Absent on settings of earlier versions: RETURN_WINDOW_DAYS_DEFAULT. */
    returnWindowDays: { type: Number },
    /** Absent on settings of earlier versions: false. */
    staffTwoFactorRequired: { type: Boolean },
    /** The largest refund a support account may give at once, in minor units; absent: 0. */
    supportRefundLimit: { type: Number },
  },
  { versionKey: false, collection: 'store', timestamps: true },
);

export type StoreDoc = InferSchemaType<typeof storeSchema>;
/** Read and written only by ./repository.ts. */
export const StoreModel = mongoose.model('store', storeSchema);
