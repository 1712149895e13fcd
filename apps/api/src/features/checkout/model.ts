import mongoose from 'mongoose';
import { deliveryAddressFields } from '../../lib/delivery-address-model.js';

const { ObjectId } = mongoose.Schema.Types;

/** One variant and its units (a line of the cart, or of the reservation). */
const unitsSchema = new mongoose.Schema(
  {
    productId: { type: ObjectId, required: true },
    variantId: { type: ObjectId, required: true },
    quantity: { type: Number, required: true, min: 1 },
  },
  { _id: false },
);

const amounts = {
  net: { type: Number, required: true },
  tax: { type: Number, required: true },
  gross: { type: Number, required: true },
};

/** The cart as priced when paying started; every amount in minor units of `currency`. */
const pricedSchema = new mongoose.Schema(
  {
    currency: { type: String, required: true },
    pricesIncludeTax: { type: Boolean, required: true },
    country: { type: String, default: null },
    lines: {
      type: [
        new mongoose.Schema(
          {
            productId: { type: ObjectId, required: true },
            variantId: { type: ObjectId, required: true },
            quantity: { type: Number, required: true, min: 1 },
            name: { type: String, required: true },
            sku: { type: String, required: true },
            /** Option values as a list: option names are no safe keys in a document. */
            options: {
              type: [new mongoose.Schema({ name: String, value: String }, { _id: false })],
              default: [],
            },
            unitPrice: { type: Number, required: true },
            ...amounts,
            bp: { type: Number, required: true },
            discount: { type: Number, required: true },
          },
          { _id: false },
        ),
      ],
      required: true,
    },
    subtotal: { type: Number, required: true },
    shipping: {
      type: new mongoose.Schema(
        {
          methodId: { type: ObjectId, required: true },
          name: { type: String, required: true },
          ...amounts,
          discount: { type: Number, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    discounts: {
      type: [
        new mongoose.Schema(
          {
            _id: { type: ObjectId, required: true },
            code: { type: String, default: null },
            title: { type: String, required: true },
            amount: { type: Number, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    tax: { type: Number, required: true },
    total: { type: Number, required: true },
  },
  { _id: false },
);

const checkoutSchema = new mongoose.Schema(
  {
    shopper: {
      type: new mongoose.Schema(
        {
          /** `account:<id>` or `guest:<e-mail in lower case>` (see ./shopper.ts). */
          key: { type: String, required: true },
          accountId: { type: ObjectId, default: null },
          email: { type: String, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    /**
     * The shopper's slot while the checkout is open (an account's key, a guest checkout's
     * secret's digest: see ./holds.ts), `closed:<its id>` from when it is placed or ended: the
     * unique index keeps one open checkout per slot.
     */
    openFor: { type: String, required: true },
    lines: { type: [unitsSchema], required: true },
    deliveryAddress: { type: deliveryAddressFields, default: null },
    saveAddress: { type: Boolean, default: false },
    shippingMethodId: { type: String, default: null },
    discountCode: { type: String, default: null },
    priced: { type: pricedSchema, required: true },
    reservation: {
      type: new mongoose.Schema(
        {
          key: { type: String, required: true },
          units: { type: [unitsSchema], default: [] },
          discountIds: { type: [String], default: [] },
          /** The budgets its units count in (hold_budgets' ids); none before issue 35. */
          holders: { type: [String], default: [] },
        },
        { _id: false },
      ),
      required: true,
    },
    /** The reservation is taken when it is placed (a payment an earlier version started). */
    reserveAtPlacement: { type: Boolean, default: false },
    /** When the reservation expires, kept at the top for the sweep's index. */
    expiresAt: { type: Date, required: true },
    /**
     * When the shopper's hold began: the first start of the checkouts that replaced one another
     * up to this one (see ./holds.ts); absent before issue 35.
     */
    heldSince: { type: Date },
    paymentIntentId: { type: String },
    status: {
      type: String,
      enum: ['open', 'placing', 'placed', 'released'],
      required: true,
    },
    orderId: { type: ObjectId, default: null },
  },
  { timestamps: true, collection: 'checkouts' },
);
checkoutSchema.index({ openFor: 1 }, { unique: true });
// Place-order and the webhook find a checkout by its payment. One payment per checkout: each makes
// its own, once (an idempotency key), and a payment of an earlier version has its checkout's id.
checkoutSchema.index({ paymentIntentId: 1 });
// The sweep reads the open and placing checkouts, soonest expiry first.
checkoutSchema.index({ status: 1, expiresAt: 1 });

export type CheckoutDoc = mongoose.InferSchemaType<typeof checkoutSchema> & {
  _id: mongoose.Types.ObjectId;
};
/** Read and written only by ./repository.ts. */
export const CheckoutModel = mongoose.model('checkouts', checkoutSchema);

/**
 * What the open checkouts of one holder hold (a shopper: `account:<id>` or `mailbox:<mailbox>`;
 * a client address: `address:<address>`), kept as the products keep their units: `units` in all,
 * each checkout's under `holds.<checkout id>`, and for a shopper the one checkout holding a use of
 * each code, `codes.<discount id>`. Written by one guarded update per checkout (./hold-budgets.ts).
 */
const holdBudgetSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    units: { type: Number, required: true, min: 0 },
    holds: { type: Map, of: Number, default: undefined },
    codes: { type: Map, of: String, default: undefined },
    /** A shopper whose hold ran to its cap holds nothing new from `coolingFrom` to `coolingUntil`. */
    coolingFrom: { type: Date },
    coolingUntil: { type: Date },
  },
  { collection: 'hold_budgets', versionKey: false },
);

export type HoldBudgetDoc = mongoose.InferSchemaType<typeof holdBudgetSchema>;
/** Read and written only by ./hold-budgets.ts. */
export const HoldBudgetModel = mongoose.model('hold_budgets', holdBudgetSchema);
