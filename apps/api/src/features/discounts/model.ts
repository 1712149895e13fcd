import { DISCOUNT_KINDS } from '@shop/contracts/discount';
import mongoose from 'mongoose';

const discountSchema = new mongoose.Schema(
  {
    title: { type: String, required: true },
    /** In capitals; absent on an automatic discount. */
    code: { type: String },
    automatic: { type: Boolean, required: true },
    kind: { type: String, enum: DISCOUNT_KINDS, required: true },
    /** A whole percentage, or minor units of the store currency for `fixed`; else absent. */
    value: { type: Number },
    buy: { type: Number },
    /** The contract's `get`, a name Mongoose keeps for its documents' own method. */
    getUnits: { type: Number },
    products: { type: [mongoose.Schema.Types.ObjectId], default: [] },
    categories: { type: [mongoose.Schema.Types.ObjectId], default: [] },
    /** Minor units. */
    minSubtotal: { type: Number },
    startsAt: { type: Date },
    endsAt: { type: Date },
    firstOrderOnly: { type: Boolean, required: true },
    usageLimit: { type: Number },
    /**
     * `usageLimit − used − held`, kept beside `used` so that one update's filter
     * (`usesLeft > 0`) can check the limit while it counts a redemption or takes a hold; absent
     * without a limit.
     */
    usesLeft: { type: Number },
    /**
     * Uses held for checkouts (their reservation's key → until when), each counted out of
     * `usesLeft` when the discount is limited, until its order is paid (counted in `used`) or
     * its checkout ends (given back); see ./redemptions.ts.
     */
    holds: { type: Map, of: Date, default: undefined },
    perCustomerLimit: { type: Number },
    combinable: { type: Boolean, required: true },
    active: { type: Boolean, required: true },
    /** Orders placed with it and not given back. */
    used: { type: Number, required: true, default: 0 },
    /**
     * The PaymentIntents whose orders an earlier version counted in `used` (a redemption counted
     * once per payment); the uses held for checkouts are now counted once by their `holds` entry.
     */
    payments: { type: [String], default: undefined },
    /**
     * The payments whose cancelled order gave its use back, so that it is given back once
     * (PaymentIntent id → true).
     */
    returned: { type: Map, of: Boolean, default: undefined },
  },
  { timestamps: true },
);
// Codes are unique among codes; automatic discounts have none.
discountSchema.index({ code: 1 }, { unique: true, sparse: true });

/** Read and written only by ./repository.ts. */
export const DiscountModel = mongoose.model('discounts', discountSchema);

/**
 * One person's uses of one discount limited per customer (`_id`: `<discountId>:<mailbox>`, the
 * mailbox of their e-mail, lib/mailbox.ts, which an account and the guests of its mailbox
 * share): `taken` is checked against the limit and counted in the same update, whether a use is
 * held for a checkout or counted for a paid order.
 */
const customerUsesSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    discountId: { type: String, required: true },
    /** The orders placed with it and not given back: one per entry of `payments`. */
    count: { type: Number, required: true },
    /** `count` and the uses held: what the limit is checked against. */
    taken: { type: Number, required: true },
    payments: { type: [String], default: [] },
    /** Uses held for checkouts (their reservation's key → until when), until placed or released. */
    holds: { type: Map, of: Date, default: undefined },
  },
  { versionKey: false, collection: 'discount_customer_uses' },
);
customerUsesSchema.index({ payments: 1 });

export const CustomerUsesModel = mongoose.model('discount_customer_uses', customerUsesSchema);
