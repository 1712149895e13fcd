import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import { insertCast } from '../../lib/cast-insert.js';
import { toDeliveryAddress } from '../../lib/delivery-address-model.js';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { groupedCollectionWrites } from '../../lib/group-commits.js';
import { mailboxOf } from '../../lib/mailbox.js';
import { minor } from '../../lib/money.js';
import { storedCollection } from '../../lib/stored-collection.js';
import type { Checkout, CheckoutStatus, PricedSnapshot } from './checkout.js';
import { type CheckoutDoc, CheckoutModel } from './model.js';

/**
 * The checkouts as stored: the only module that reads or writes them. Every change of a
 * checkout's status is one update guarded on the status it leaves, so that of two callers
 * (a placement and the shopper's next checkout, or the sweep) one changes it.
 */

export const newCheckoutId = () => new mongoose.Types.ObjectId().toString();

/**
 * The id of the checkout of a payment an earlier version started: the same for every placement
 * of it, so that two placements racing record it once (the unique `_id`).
 */
export const checkoutIdOfPayment = (paymentIntentId: string) =>
  createHash('sha256').update(paymentIntentId).digest('hex').slice(0, 24);

/** `openFor` of a checkout no longer open: unique, as the index wants, and no shopper's key. */
const closedKey = () => `closed:${newCheckoutId()}`;

const toSnapshot = (p: CheckoutDoc['priced']): PricedSnapshot => ({
  currency: p.currency,
  pricesIncludeTax: p.pricesIncludeTax,
  country: p.country ?? null,
  lines: p.lines.map((l) => ({
    productId: String(l.productId),
    variantId: String(l.variantId),
    quantity: l.quantity,
    name: l.name,
    sku: l.sku,
    options: Object.fromEntries(l.options.map((o) => [o.name ?? '', o.value ?? ''])),
    unitPrice: minor(l.unitPrice),
    net: minor(l.net),
    tax: minor(l.tax),
    gross: minor(l.gross),
    bp: l.bp,
    discount: minor(l.discount),
  })),
  subtotal: minor(p.subtotal),
  shipping: p.shipping
    ? {
        methodId: String(p.shipping.methodId),
        name: p.shipping.name,
        net: minor(p.shipping.net),
        tax: minor(p.shipping.tax),
        gross: minor(p.shipping.gross),
        discount: minor(p.shipping.discount),
      }
    : null,
  discounts: p.discounts.map((d) => ({
    _id: String(d._id),
    code: d.code ?? null,
    title: d.title,
    amount: minor(d.amount),
  })),
  tax: minor(p.tax),
  total: minor(p.total),
});

const unitsOf = (lines: CheckoutDoc['lines']) =>
  lines.map((l) => ({
    productId: String(l.productId),
    variantId: String(l.variantId),
    quantity: l.quantity,
  }));

const toCheckout = (doc: CheckoutDoc): Checkout => ({
  _id: String(doc._id),
  shopper: {
    key: doc.shopper.key,
    accountId: doc.shopper.accountId ? String(doc.shopper.accountId) : null,
    email: doc.shopper.email,
  },
  lines: unitsOf(doc.lines),
  deliveryAddress: doc.deliveryAddress ? toDeliveryAddress(doc.deliveryAddress) : null,
  saveAddress: doc.saveAddress ?? false,
  shippingMethodId: doc.shippingMethodId ?? null,
  discountCode: doc.discountCode ?? null,
  priced: toSnapshot(doc.priced),
  reservation: {
    key: doc.reservation.key,
    units: unitsOf(doc.reservation.units),
    discountIds: [...doc.reservation.discountIds],
    expiresAt: doc.expiresAt,
    person: mailboxOf(doc.shopper.email),
    holders: [...(doc.reservation.holders ?? [])],
  },
  heldSince: doc.heldSince ?? doc.createdAt,
  reserveAtPlacement: doc.reserveAtPlacement ?? false,
  paymentIntentId: doc.paymentIntentId ?? null,
  // The schema's enum admits only these.
  status: doc.status as CheckoutStatus,
  orderId: doc.orderId ? String(doc.orderId) : null,
});

const toDocument = (checkout: Checkout, openFor: string) => {
  const { reservation, priced, ...fields } = checkout;
  return {
    ...fields,
    openFor,
    priced: {
      ...priced,
      lines: priced.lines.map(({ options, ...line }) => ({
        ...line,
        options: Object.entries(options).map(([name, value]) => ({ name, value })),
      })),
    },
    reservation: {
      key: reservation.key,
      units: reservation.units,
      discountIds: reservation.discountIds,
      holders: reservation.holders,
    },
    expiresAt: reservation.expiresAt,
  };
};

/**
 * Records a new open checkout in `slot` (the shopper's place for one open checkout, see
 * ./holds.ts): 'opened', or 'shopper has one' when the checkout open there is still open (it
 * must be ended first: see releaseOpenCheckoutIn).
 */
export async function insertOpenCheckout(
  checkout: Checkout,
  slot: string,
): Promise<'opened' | 'shopper has one'> {
  try {
    await insertCast(CheckoutModel, toDocument(checkout, slot));
    return 'opened';
  } catch (err) {
    if (isDuplicateKeyError(err)) return 'shopper has one';
    throw err;
  }
}

/**
 * Records a checkout of a payment made before checkouts were kept (its placement reads it from
 * the payment); the one recorded first when two placements of it race.
 */
export async function insertCheckoutOfPayment(checkout: Checkout): Promise<Checkout> {
  try {
    await CheckoutModel.create(toDocument(checkout, closedKey()));
    return checkout;
  } catch (err) {
    const found = isDuplicateKeyError(err) ? await findCheckout(checkout._id) : null;
    if (found) return found;
    throw err;
  }
}

/**
 * The checkouts read and claimed through the driver, not Mongoose's queries: every id here is a
 * stored checkout's, every value a string, so there is nothing to cast, and these are on the path
 * of every order, where Mongoose's query building (casts, hooks, the schema's projections) is
 * spared (docs/features/cart-and-checkout.md, "Where the time goes"). `updatedAt` is set as the
 * schema's timestamps would.
 */
const checkouts = storedCollection<CheckoutDoc>(CheckoutModel);
const objectId = (id: string) => new mongoose.Types.ObjectId(id);

const checkoutOf = (doc: CheckoutDoc | null): Checkout | null => (doc ? toCheckout(doc) : null);

export const findCheckout = async (id: string): Promise<Checkout | null> =>
  checkoutOf(await checkouts.findOne({ _id: objectId(id) }));

/** The shopper's open checkout (`shopperKey` as checkout/shopper.ts makes it), if they have one. */
export const findOpenCheckoutOf = async (shopperKey: string): Promise<Checkout | null> =>
  checkoutOf(await checkouts.findOne({ openFor: shopperKey, status: 'open' }));

export const findCheckoutOfPayment = async (paymentIntentId: string): Promise<Checkout | null> =>
  checkoutOf(await checkouts.findOne({ paymentIntentId }));

/** The checkout open in `slot`, if one is. */
export const findOpenCheckoutIn = findOpenCheckoutOf;

/**
 * Ends the checkout open in `slot` as released (the shopper's next one replaces it): the
 * checkout as it was, for its reservation and payment to be given back; null when none is open
 * (it is being placed, or was ended meanwhile).
 */
export const releaseOpenCheckoutIn = (slot: string): Promise<Checkout | null> =>
  release({ openFor: slot, status: 'open' });

/**
 * Checkouts' updates whose callers need no answer (on the path of every order): those handed in
 * at once share one command (lib/group-commits.ts).
 */
const checkoutWrites = groupedCollectionWrites(checkouts);

/** The PaymentIntent made for the checkout. */
export const setPaymentOf = (checkoutId: string, paymentIntentId: string): Promise<void> =>
  checkoutWrites([
    {
      updateOne: {
        filter: { _id: objectId(checkoutId) },
        update: { $set: { paymentIntentId, updatedAt: new Date() } },
      },
    },
  ]);

/** The checkout being placed is placed, naming its order (unless it was ended meanwhile). */
export const closePlaced = (checkoutId: string, orderId: string): Promise<void> =>
  checkoutWrites([
    {
      updateOne: {
        filter: { _id: objectId(checkoutId), status: 'placing' },
        update: {
          $set: {
            status: 'placed',
            openFor: closedKey(),
            orderId: objectId(orderId),
            updatedAt: new Date(),
          },
        },
      },
    },
  ]);

/**
 * Claims the checkout for placing its payment (under the payment's lock): open, or left placing
 * by a placement that died (`wasPlacing`); it no longer counts as the shopper's open checkout.
 * Null when it was placed or released meanwhile.
 */
export async function claimForPlacing(
  checkoutId: string,
): Promise<{ checkout: Checkout; wasPlacing: boolean } | null> {
  const before = (await checkouts.findOneAndUpdate(
    { _id: objectId(checkoutId), status: { $in: ['open', 'placing'] } },
    { $set: { status: 'placing', openFor: closedKey(), updatedAt: new Date() } },
  )) as CheckoutDoc | null;
  if (!before) return null;
  return {
    checkout: { ...toCheckout(before), status: 'placing' },
    wasPlacing: before.status === 'placing',
  };
}

/**
 * Ends the checkout as released (replaced, expired, refused) when it is still `from`: the
 * checkout as it was, or null when it was not `from` any more.
 */
export const releaseCheckout = (
  checkoutId: string,
  from: CheckoutStatus | CheckoutStatus[],
): Promise<Checkout | null> =>
  release({ _id: objectId(checkoutId), status: Array.isArray(from) ? { $in: from } : from });

/** Ends the checkout `filter` matches (its status guarded there) as released; as it was, or null. */
async function release(filter: Record<string, unknown>): Promise<Checkout | null> {
  return checkoutOf(
    await checkouts.findOneAndUpdate(filter, {
      $set: { status: 'released', openFor: closedKey(), updatedAt: new Date() },
    }),
  );
}

/**
 * The open and placing checkouts whose reservation expired by `now`, soonest first, at most
 * `limit`: read through the index of status and expiry (an equality and a sort), then cut at now.
 */
export async function expiredCheckouts(now: Date, limit: number): Promise<Checkout[]> {
  const docs = await CheckoutModel.find({ status: { $in: ['open', 'placing'] } })
    .sort({ expiresAt: 1 })
    .limit(limit)
    .lean<CheckoutDoc[]>();
  return docs.filter((doc) => doc.expiresAt <= now).map(toCheckout);
}
