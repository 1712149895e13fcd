import mongoose, { type InferSchemaType } from 'mongoose';

/**
 * A shopper's "Notify me" on a sold-out variant: waiting until the variant is back in stock,
 * then ended by the outbox event that e-mails them (`notifiedBy`), and removed once sent; or,
 * when a cap on the letters of its mailbox held that letter back, waiting again from `notBefore`.
 */
const subscriptionSchema = new mongoose.Schema(
  {
    /**
     * `<product id>.<variant id>.<mailbox>` (lib/mailbox.ts): asking twice, under any spelling
     * of the address, is one subscription.
     */
    _id: { type: String, required: true },
    productId: { type: String, required: true },
    variantId: { type: String, required: true },
    /** The address as first given: the one written to. */
    email: { type: String, required: true },
    createdAt: { type: Date, required: true },
    /** The outbox event that tells them, recorded by the one update that ends the wait. */
    notifiedBy: { type: String },
    /** Not looked at before then: its letter was held back by a cap until its window ends. */
    notBefore: { type: Date },
  },
  { versionKey: false, collection: 'back_in_stock_subscriptions' },
);

export type SubscriptionDoc = InferSchemaType<typeof subscriptionSchema>;
/** Read and written only by ./repository.ts. */
export const SubscriptionModel = mongoose.model('back_in_stock_subscriptions', subscriptionSchema);
