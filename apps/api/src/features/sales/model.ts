import mongoose from 'mongoose';

/**
 * The sales figures, kept as orders change (see ./figures.ts): read only by `_id`, which is
 * the one filter our FerretDB answers from an index.
 */

/**
 * One UTC day (`_id`: `YYYY-MM-DD`): the paid, uncancelled orders placed that day and their
 * revenue. Small, so the charts' 30 reads stay quick.
 */
const salesDaySchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    revenue: { type: Number, default: 0 },
    /** Of the revenue: shipping (without its tax) and tax; 0 on days before either was charged. */
    shipping: { type: Number, default: 0 },
    tax: { type: Number, default: 0 },
    orders: { type: Number, default: 0 },
    /** What discounts took off that day's orders; 0 on days before discounts. */
    discounts: { type: Number, default: 0 },
    /**
     * A new random version with every change of the day, written after its products: readers
     * read those again when it differs from the one they read them with.
     */
    v: { type: String },
    /** The last batch of order changes counted in it (./counting.ts): a batch counts once. */
    seq: { type: Number },
  },
  { versionKey: false, collection: 'sales_days' },
);
/** Read and written only by ./repository.ts. */
export const SalesDayModel = mongoose.model('sales_days', salesDaySchema);

/**
 * The same day per product (`products.<productId>`: name, revenue, units) and per discount
 * (`codes.<discountId>`: code, title, orders, revenue, amount): hundreds of entries a day in a
 * busy shop, so kept apart and read for the top products and discounts only.
 */
const salesDayProductsSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    products: { type: mongoose.Schema.Types.Mixed, default: {} },
    codes: { type: mongoose.Schema.Types.Mixed, default: {} },
    /** The last batch of order changes counted in it (./counting.ts): a batch counts once. */
    seq: { type: Number },
  },
  { versionKey: false, collection: 'sales_day_products', minimize: false },
);
/** Read and written only by ./repository.ts. */
export const SalesDayProductsModel = mongoose.model('sales_day_products', salesDayProductsSchema);

/**
 * Shop-wide documents by name: `statuses` (paid orders per status, `counts.<status key>`, the
 * figures' version, and `rebuiltAt`, set by the last rebuild) and `settings` (the low-stock threshold).
 */
const salesTotalsSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    counts: { type: mongoose.Schema.Types.Mixed },
    /** New with every change of the figures, once its days are written. */
    version: { type: String },
    rebuiltAt: { type: Date },
    lowStockThreshold: { type: Number },
    /** The last batch of order changes counted in it (./counting.ts): a batch counts once. */
    seq: { type: Number },
  },
  { versionKey: false, collection: 'sales_totals', minimize: false },
);
/** Read and written only by ./repository.ts. */
export const SalesTotalsModel = mongoose.model('sales_totals', salesTotalsSchema);

/**
 * The batches of order changes counted, by number (`_id`), one after the other (./counting.ts):
 * each holds the change it makes to the figures and the outbox deliveries it counts, so that a
 * batch left half-written by a process that died is finished, once, by the next. Only the last
 * is kept.
 */
const salesBatchSchema = new mongoose.Schema(
  {
    _id: { type: Number, required: true },
    deliveries: { type: [String], default: [] },
    /** `days.<day>` as a day's figures, `statuses.<status key>`: the change, in minor units. */
    delta: { type: mongoose.Schema.Types.Mixed, required: true },
    /** Written to every figure, and its deliveries done with. */
    done: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'sales_batches', minimize: false },
);
/** Read and written only by ./repository.ts. */
export const SalesBatchModel = mongoose.model('sales_batches', salesBatchSchema);
