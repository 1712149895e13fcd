import { ORDER_ACTOR_ROLES, ORDER_STATUSES, REFUND_STATUSES } from '@shop/contracts';
import { RETURN_STATUSES } from '@shop/contracts/returns';
import mongoose, { type InferSchemaType } from 'mongoose';
import { deliveryAddressFields } from '../../lib/delivery-address-model.js';

const orderLineSchema = new mongoose.Schema(
  {
    productId: { type: mongoose.Schema.Types.ObjectId, ref: 'products', required: true },
    name: { type: String, required: true },
    /**
     * The variant bought, as it was then; option values are a list, since option names are no
     * safe keys in a document. Absent on a line of a product's only variant that named none:
     * demo data, and lines placed before variants, whose SKU then no document records (so no
     * migration can write it).
     */
    variant: {
      type: new mongoose.Schema(
        {
          _id: { type: mongoose.Schema.Types.ObjectId, required: true },
          sku: { type: String, required: true },
          options: {
            type: [new mongoose.Schema({ name: String, value: String }, { _id: false })],
            default: [],
          },
        },
        { _id: false },
      ),
      default: undefined,
    },
    /** Unit price at the time of purchase, in the minor unit of the order's currency. */
    price: { type: Number, required: true },
    quantity: { type: Number, required: true, min: 1 },
  },
  { _id: false },
);

const amountFields = {
  net: { type: Number, required: true },
  tax: { type: Number, required: true },
  gross: { type: Number, required: true },
};

/** The model's `breakdown` field (see ./breakdown.ts). */
const breakdownFields = new mongoose.Schema(
  {
    pricesIncludeTax: { type: Boolean, required: true },
    lines: {
      type: [
        new mongoose.Schema(
          { ...amountFields, bp: { type: Number, required: true }, discount: { type: Number } },
          { _id: false },
        ),
      ],
      required: true,
    },
    subtotal: { type: Number, required: true },
    shipping: {
      type: new mongoose.Schema(
        {
          methodId: { type: mongoose.Schema.Types.ObjectId, required: true },
          name: { type: String, required: true },
          ...amountFields,
          discount: { type: Number },
        },
        { _id: false },
      ),
      default: null,
    },
    tax: { type: Number, required: true },
    total: { type: Number, required: true },
    /** What each discount took off (minor units); absent on orders placed before discounts. */
    discounts: {
      type: [
        new mongoose.Schema(
          {
            _id: { type: mongoose.Schema.Types.ObjectId, required: true },
            code: { type: String, default: null },
            title: { type: String, required: true },
            amount: { type: Number, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
  },
  { _id: false },
);

/** One change of the order (see the contract's OrderTimelineEntry), pushed with the change. */
const timelineEntrySchema = new mongoose.Schema(
  {
    event: { type: String, enum: ['placed', 'status', 'cancelled', 'return'], required: true },
    status: { type: String, enum: ORDER_STATUSES, required: true },
    at: { type: Date, required: true },
    by: {
      _id: { type: mongoose.Schema.Types.ObjectId, required: true },
      name: { type: String, default: '' },
      role: { type: String, enum: ORDER_ACTOR_ROLES, required: true },
    },
    /** The shipment given with a change to `Shipped`, when one was. */
    carrier: { type: String },
    trackingNumber: { type: String },
    /** The step a return of the order took (features/orders/returns). */
    returnStatus: { type: String, enum: RETURN_STATUSES },
  },
  { _id: false },
);

/**
 * One refund (see the contract's OrderRefund), in minor units, kept in the order's `refunds`
 * under its id: the shop's own refund's id, or Stripe's for a refund made in its dashboard.
 */
const refundSchema = new mongoose.Schema(
  {
    amount: { type: Number, required: true },
    lines: {
      type: [new mongoose.Schema({ sku: String, quantity: Number }, { _id: false })],
      default: [],
    },
    shipping: { type: Boolean, default: false },
    reason: { type: String, required: true },
    /** Null for a refund made in Stripe's dashboard. */
    by: {
      type: new mongoose.Schema(
        { _id: { type: mongoose.Schema.Types.ObjectId, required: true }, name: String },
        { _id: false },
      ),
      default: null,
    },
    at: { type: Date, required: true },
    stripeRefund: { type: String, default: null },
    status: { type: String, enum: REFUND_STATUSES, required: true },
  },
  { _id: false },
);

const orderSchema = new mongoose.Schema(
  {
    /** The short, sequential number people use (`#1042`); see ./repository/numbers.ts. */
    number: { type: Number, required: true },
    products: { type: [orderLineSchema], required: true },
    payment: {
      /** The PaymentIntent id; one order per PaymentIntent. */
      id: { type: String, required: true },
      success: { type: Boolean, required: true },
      status: { type: String, required: true },
      /** Minor units. */
      amount: { type: Number, required: true },
      currency: { type: String, required: true },
      /** Set once a cancellation gave the money back (authorization cancelled or refunded). */
      refunded: { type: Boolean, default: false },
    },
    /** Null for a guest's order, until an account confirming its e-mail claims it. */
    buyer: { type: mongoose.Schema.Types.ObjectId, ref: 'users', default: null },
    /**
     * Where its e-mails go, in lower case: the guest's, or the account's when placed (absent on
     * orders placed before guest checkout).
     */
    email: { type: String },
    /**
     * The mailbox `email` reaches (lib/mailbox.ts), in which one person's orders are counted
     * whatever the spelling (a first-order discount) and a guest's orders are found for the
     * account of the same person; absent where no e-mail is known (an order of an account
     * deleted before guest checkout).
     */
    mailbox: { type: String },
    /**
     * `payment.id` again, at the top: the embedded FerretDB answers from its indexes only
     * top-level fields, and read every order for each lookup by the nested one (0.5 s at
     * 10,000 orders); absent on orders placed before it, until migration 022.
     */
    paymentId: { type: String },
    address: { type: String, default: '' },
    /**
     * Where it goes, as the buyer gave it at checkout; absent on orders placed before checkout
     * asked for one (no migration can write an address nobody gave: they show `address`).
     */
    deliveryAddress: { type: deliveryAddressFields, default: undefined },
    /** What it cost: lines, shipping, tax and total. */
    breakdown: { type: breakdownFields, required: true },
    status: { type: String, enum: ORDER_STATUSES, default: 'Not Process' },
    /**
     * Refunds by id (a map, so that one is found and changed by its key: FerretDB v1 has no
     * positional updates), absent until the first. What they hold against the captured amount
     * is kept beside them, each counter changed by the same update as the refund it counts.
     */
    refunds: { type: Map, of: refundSchema, default: undefined },
    /** Held by refunds, pending and done: never more than was captured (minor units). */
    refundHeld: { type: Number },
    /**
     * The ids of its refunds pending (held, Stripe not known to have refunded them), each added
     * and taken out by the update that holds it and the one that ends it: what the sweep of
     * refunds a crash left pending looks for (absent: none).
     */
    pendingRefunds: { type: [String], default: undefined },
    /**
     * 1 from the update that lists a pending refund until a sweep finds the list empty and takes
     * it off: what the sweep looks for. The list itself, or a boolean, the embedded FerretDB
     * answers only by reading every order; an equality on a number it answers from the index.
     */
    refundsListed: { type: Number },
    /** Given back by the refunds done (minor units): what the figures take off the revenue. */
    refundedDone: { type: Number },
    /** Units refunded per line, by the line's index. */
    refundedUnits: { type: Map, of: Number, default: undefined },
    /** The shipping was refunded (once at most). */
    shippingRefunded: { type: Boolean },
    /**
     * The steps of its returns on its timeline, by `<return id>-<status>`: each entered once,
     * however often the step is asked for again.
     */
    returnSteps: { type: Map, of: Boolean, default: undefined },
    /** Set once a cancellation put the order's units back in stock, so it happens once. */
    stockReturned: { type: Boolean, default: false },
    /**
     * The highest fencing token of the payment's lock that wrote the order: a holder whose
     * lease was taken over (a lower token) can no longer change it.
     */
    fence: { type: Number },
    /**
     * The events (their outbox ids, ./events.ts) whose change landed, in the order they did: each
     * is written in the same update as the change it announces, so its subscribers (the buyer's
     * e-mails, the sales figures) hear only of what really happened.
     */
    events: { type: [String], required: true },
    /**
     * Every change, oldest first, each pushed by the same update as the change itself; its
     * first entry is the order's placing.
     */
    timeline: { type: [timelineEntrySchema], required: true },
  },
  { timestamps: true },
);
orderSchema.index({ 'payment.id': 1 }, { unique: true });
// An order's lookup by its payment (a placement's replay, the sweep, Stripe's refund events).
orderSchema.index({ paymentId: 1 });
orderSchema.index({ buyer: 1, createdAt: -1 });
orderSchema.index({ createdAt: -1 });
// An address's orders as it was given.
orderSchema.index({ email: 1 });
// A person's orders, for first-order discounts, "Find my order" and claiming a guest's orders.
orderSchema.index({ mailbox: 1 });
// All Orders, newest first (ties by _id), whole or of one status: on MongoDB these answer a page
// and its count from the index instead of sorting every order (FerretDB uses only `_id`'s).
orderSchema.index({ createdAt: -1, _id: -1 });
orderSchema.index({ status: 1, createdAt: -1, _id: -1 });
// Sparse as it was first built (an index keeps its options), though every order has a number
// since migration 007.
orderSchema.index({ number: 1 }, { unique: true, sparse: true });
// The sweep of refunds a crash left pending (./refund-sweep.ts): the few orders listing one.
orderSchema.index({ refundsListed: 1 }, { sparse: true });

export type OrderDoc = InferSchemaType<typeof orderSchema> & { _id: mongoose.Types.ObjectId };
/** Read and written only by ./repository/. */
export const OrderModel = mongoose.model('orders', orderSchema);

/** Hands out order numbers: one counter, raised by one for every order. */
const counterSchema = new mongoose.Schema(
  { _id: { type: String, required: true }, value: { type: Number, required: true } },
  { versionKey: false, collection: 'order_counters' },
);
/** Read and written only by ./repository/. */
export const OrderCounterModel = mongoose.model('order_counters', counterSchema);

/**
 * A link that opens an order without signing in (./access-keys.ts): one per key handed out,
 * found by the key's SHA-256, its `_id`, so that no key is stored as it is.
 */
const orderLinkSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    order: { type: mongoose.Schema.Types.ObjectId, required: true },
    number: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'order_links', versionKey: false },
);

export const OrderLinkModel = mongoose.model('order_links', orderLinkSchema);
