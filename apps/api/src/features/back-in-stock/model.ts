import mongoose, { type InferSchemaType } from 'mongoose';

/**
 * A shopper's "Notify me" on a sold-out variant: waiting until the variant is back in stock,
 * then ended by the outbox event that e-mails them (`notifiedBy`), and removed once sent.
 */
const subscriptionSchema = new mongoose.Schema(
  {
    /** `<product id>.<variant id>.<e-mail>`: asking twice is one subscription. */
    _id: { type: String, required: true },
    productId: { type: String, required: true },
    variantId: { type: String, required: true },
    email: { type: String, required: true },
    createdAt: { type: Date, required: true },
    /** The outbox event that tells them, recorded by the one update that ends the wait. */
    notifiedBy: { type: String },
  },
  { versionKey: false, collection: 'back_in_stock_subscriptions' },
);

export type SubscriptionDoc = InferSchemaType<typeof subscriptionSchema>;
/** Read and written only by ./repository.ts. */
export const SubscriptionModel = mongoose.model('back_in_stock_subscriptions', subscriptionSchema);
