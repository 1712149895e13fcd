import mongoose from 'mongoose';

/** The one document holding every rate (`_id: 'tax'`): a save replaces them at once. */
export const TAX_ID = 'tax';

const rateSchema = new mongoose.Schema(
  {
    country: { type: String, required: true },
    class: { type: String, required: true },
    /** Basis points: 1900 is 19 %. */
    bp: { type: Number, required: true },
  },
  { _id: false },
);

const taxSettingsSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    rates: { type: [rateSchema], default: [] },
    shippingClass: { type: String, required: true },
  },
  { versionKey: false, collection: 'tax_settings' },
);

/** Read and written only by ./repository.ts. */
export const TaxSettingsModel = mongoose.model('tax_settings', taxSettingsSchema);
