import { DEFAULT_TAX_CLASS, PHOTO_WIDTHS, toMinorUnits } from '@shop/contracts';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { vi } from 'vitest';
import { linesAlone } from '../features/orders/breakdown.js';
import { photoEtag } from '../features/products/photo.js';
import { minor } from '../lib/money.js';
import type { OldMail } from '../migrations/mail-outbox-as-stored.js';

/**
 * Documents as no repository writes them: products, orders and e-mails waiting in the shapes
 * of earlier versions, a stock count a damaged database might hold, a write nobody announced, a
 * lock a dead process left. Written with the driver itself, into the collections the
 * repositories read. A document of an earlier version is old in what its migration changes and
 * of today's shape in the rest, so that it can be read as the shop reads it once that migration
 * ran.
 */
const products = () => mongoose.connection.collection('products');

/** A product sold as one variant of its own id, price (in cents) and stock, as stored now. */
const oneVariantOf = (
  _id: mongoose.Types.ObjectId,
  slug: string,
  price: number,
  quantity: number,
) => ({
  price,
  quantity,
  options: [],
  variants: [{ _id, sku: slug, values: [], price }],
  stock: { [String(_id)]: quantity },
  weight: 0,
  taxClass: DEFAULT_TAX_CLASS,
});

/** A product as the versions before photos had their own collection wrote it: the bytes inside. */
export async function insertProductWithPhotoBytes(product: {
  name: string;
  slug: string;
  categoryId: string;
  bytes: Buffer;
  contentType: string;
}) {
  const _id = new mongoose.Types.ObjectId();
  const now = new Date();
  await products().insertOne({
    _id,
    name: product.name,
    slug: product.slug,
    description: 'Written before photos had their own collection',
    ...oneVariantOf(_id, product.slug, 1000, 2),
    category: new mongoose.Types.ObjectId(product.categoryId),
    shipping: 0,
    photo: {
      data: product.bytes,
      contentType: product.contentType,
      etag: photoEtag(product.bytes),
    },
    createdAt: now,
    updatedAt: now,
  });
  return String(_id);
}

/**
 * A photo as the versions before stripping stored it: the original as uploaded (its metadata
 * too) and its WebP renditions, under `ownerId` (a product's or a variant's id). Its metadata,
 * as the product kept it.
 */
async function insertPhotoAsUploaded(ownerId: string, bytes: Buffer, contentType: string) {
  const version = photoEtag(bytes);
  const upright = await sharp(bytes).rotate().toBuffer({ resolveWithObject: true });
  const renditions = await Promise.all(
    PHOTO_WIDTHS.map(async (width) => ({
      _id: `${ownerId}:${version}:w${width}`,
      data: await sharp(upright.data).resize({ width, withoutEnlargement: true }).webp().toBuffer(),
      contentType: 'image/webp',
    })),
  );
  await mongoose.connection
    .collection<{ _id: string; data: Buffer; contentType: string }>('product_photos')
    .insertMany([{ _id: `${ownerId}:${version}:orig`, data: bytes, contentType }, ...renditions]);
  return { version, width: upright.info.width, height: upright.info.height, color: '#3366cc' };
}

/**
 * A product as the versions before stripping wrote it, sold in two colours: its photo and the
 * blue variant's stored as uploaded, metadata and all, and no `photosStripped` mark.
 */
export async function insertProductWithUnstrippedPhotos(product: {
  name: string;
  slug: string;
  categoryId: string;
  photo: Buffer;
  bluePhoto: Buffer;
  contentType: string;
}) {
  const _id = new mongoose.Types.ObjectId();
  const red = new mongoose.Types.ObjectId();
  const blue = new mongoose.Types.ObjectId();
  const now = new Date();
  await products().insertOne({
    _id,
    name: product.name,
    slug: product.slug,
    description: 'Written before photos were stored without their metadata',
    price: 10,
    quantity: 2,
    options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
    variants: [
      { _id: red, sku: `${product.slug}-red`, values: ['Red'], price: 10 },
      {
        _id: blue,
        sku: `${product.slug}-blue`,
        values: ['Blue'],
        price: 10,
        photo: await insertPhotoAsUploaded(String(blue), product.bluePhoto, product.contentType),
      },
    ],
    stock: { [String(red)]: 1, [String(blue)]: 1 },
    weight: 0,
    taxClass: DEFAULT_TAX_CLASS,
    category: new mongoose.Types.ObjectId(product.categoryId),
    shipping: 0,
    photo: await insertPhotoAsUploaded(String(_id), product.photo, product.contentType),
    createdAt: now,
    updatedAt: now,
  });
  return { id: String(_id), blueId: String(blue) };
}

/** The stored original of a photo cut short, as a damaged database might hold it. */
export async function damageStoredOriginal(ownerId: string, version: string) {
  const files = mongoose.connection.collection<{ _id: string; data: Buffer }>('product_photos');
  const original = await files.findOne({ _id: `${ownerId}:${version}:orig` });
  if (!original) throw new Error(`no original stored under ${ownerId}`);
  await files.updateOne(
    { _id: original._id },
    { $set: { data: Buffer.from(original.data.buffer).subarray(0, 300) } },
  );
}

/** A stock count that is no number, so that taking units from it fails in the database. */
export async function breakStockCount(productId: string) {
  await products().updateOne(
    { _id: new mongoose.Types.ObjectId(productId) },
    { $set: { quantity: [3], held: [3] } },
  );
}

/**
 * A price (major units of usd, stored in cents) written as no repository writes it: without
 * announcing it to the catalogues (an old script, or a writer killed between its write and its
 * intent's completion).
 */
export async function setPriceUnannounced(productId: string, price: number) {
  await products().updateOne(
    { _id: new mongoose.Types.ObjectId(productId) },
    { $set: { price: toMinorUnits(price, 'usd') } },
  );
}

/** The lock of a process that died holding it: nobody renews it. */
export async function insertLockLeftover(key: string, expiresAt: Date) {
  await mongoose.connection
    .collection<{ _id: string; token: number; expiresAt: Date }>('locks')
    .insertOne({ _id: key, token: 0, expiresAt });
}

/**
 * A product as the versions before variants wrote it: one price (in major units of usd, stored
 * in cents as since) and one stock, no options, variants or stock by variant.
 */
export async function insertProductBeforeVariants(product: {
  name: string;
  slug: string;
  categoryId: string;
  price: number;
  quantity: number;
}) {
  const _id = new mongoose.Types.ObjectId();
  const now = new Date();
  await products().insertOne({
    _id,
    name: product.name,
    slug: product.slug,
    description: 'Written before products had variants',
    price: toMinorUnits(product.price, 'usd'),
    quantity: product.quantity,
    weight: 0,
    taxClass: DEFAULT_TAX_CLASS,
    category: new mongoose.Types.ObjectId(product.categoryId),
    shipping: 0,
    createdAt: now,
    updatedAt: now,
  });
  return String(_id);
}

/**
 * A product as the versions before money in minor units wrote it: its variants and stock as
 * now, but every price in major units (19.99) and no `minorUnits` mark.
 */
export async function insertProductInMajorUnits(product: {
  name: string;
  slug: string;
  categoryId: string;
  variants: { sku: string; size: string; price: number; quantity: number }[];
}) {
  const _id = new mongoose.Types.ObjectId();
  const variants = product.variants.map((v) => ({ ...v, _id: new mongoose.Types.ObjectId() }));
  const now = new Date();
  await products().insertOne({
    _id,
    name: product.name,
    slug: product.slug,
    description: 'Written before money was kept in minor units',
    price: Math.min(...variants.map((v) => v.price)),
    quantity: variants.reduce((sum, v) => sum + v.quantity, 0),
    options: [{ name: 'Size', values: variants.map((v) => v.size) }],
    variants: variants.map((v) => ({ _id: v._id, sku: v.sku, values: [v.size], price: v.price })),
    stock: Object.fromEntries(variants.map((v) => [String(v._id), v.quantity])),
    weight: 0,
    taxClass: DEFAULT_TAX_CLASS,
    category: new mongoose.Types.ObjectId(product.categoryId),
    shipping: 0,
    photosStripped: true,
    createdAt: now,
    updatedAt: now,
  });
  return { id: String(_id), variantIds: variants.map((v) => String(v._id)) };
}

const orders = () => mongoose.connection.collection('orders');

/** An order line as given: its price in major units of the order's currency. */
interface GivenLine {
  productId: string;
  name: string;
  price: number;
  quantity: number;
}

/**
 * An order of a buyer, paid, as stored now: lines (prices in minor units), the breakdown of
 * its lines alone, its placing as its timeline, no events. Each earlier version's helper
 * changes what it had otherwise.
 */
function orderAsStoredNow(order: {
  buyer: string;
  currency: string;
  amount: number;
  lines: GivenLine[];
  createdAt: Date;
}) {
  const _id = new mongoose.Types.ObjectId();
  const buyer = new mongoose.Types.ObjectId(order.buyer);
  const products = order.lines.map((line) => ({
    ...line,
    productId: new mongoose.Types.ObjectId(line.productId),
    price: toMinorUnits(line.price, order.currency),
  }));
  return {
    _id,
    products,
    payment: {
      id: `pi_earlier_${_id}`,
      success: true,
      status: 'succeeded',
      amount: order.amount,
      currency: order.currency,
      refunded: false,
    },
    buyer,
    address: '1 Old Street',
    breakdown: linesAlone(
      products.map(({ price, quantity }) => ({ unitPrice: minor(price), quantity })),
      minor(order.amount),
    ),
    status: 'Not Process',
    stockReturned: false,
    events: [],
    timeline: [
      {
        event: 'placed',
        status: 'Not Process',
        at: order.createdAt,
        by: { _id: buyer, name: '', role: 'buyer' },
      },
    ],
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  };
}

/**
 * An order as the versions before money in minor units wrote it: its payment's amount in minor
 * units (as ever), its lines' prices in major units, no `minorUnits` mark.
 */
export async function insertOrderInMajorUnits(order: {
  buyer: string;
  number: number;
  currency: string;
  amount: number;
  lines: GivenLine[];
}) {
  const stored = orderAsStoredNow({ ...order, createdAt: new Date() });
  await orders().insertOne({
    ...stored,
    number: order.number,
    products: order.lines.map((line) => ({
      ...line,
      productId: new mongoose.Types.ObjectId(line.productId),
    })),
  });
  return String(stored._id);
}

/**
 * An order event as the versions before typed money published it, waiting in the outbox for
 * the sales figures: a paid order of today, its lines' unit prices in major units (`price`), due
 * only once `makeDeliveryDue` says so (no worker counts it before a test has migrated it).
 */
export async function insertOrderEventInMajorUnits(order: {
  currency: string;
  amount: number;
  lines: GivenLine[];
}) {
  const event = new mongoose.Types.ObjectId().toString();
  const _id = `${event}:sales-figures`;
  const stored = orderAsStoredNow({ ...order, buyer: event, createdAt: new Date() });
  await mongoose.connection
    .collection<Record<string, unknown> & { _id: string }>('outbox')
    .insertOne({
      _id,
      event,
      type: 'order.imported',
      subscriber: 'sales-figures',
      payload: {
        orderId: String(stored._id),
        before: null,
        order: {
          createdAt: new Date().toISOString(),
          status: 'Processing',
          payment: { success: true, amount: order.amount, currency: order.currency },
          lines: order.lines,
          breakdown: stored.breakdown,
        },
      },
      source: String(stored._id),
      landed: true,
      createdAt: new Date(),
      due: new Date(Date.now() + 3_600_000),
      claim: null,
      attempts: 0,
    });
  return _id;
}

/** The outbox's delivery is due now. */
export async function makeDeliveryDue(deliveryId: string) {
  await mongoose.connection
    .collection<{ _id: string }>('outbox')
    .updateOne({ _id: deliveryId }, { $set: { due: new Date() } });
}

/**
 * An order as the versions before shipping and taxes, timelines and the outbox wrote it: no
 * breakdown, no `events`, and in its timeline only the changes `timeline` gives (none, unless
 * given: a status set since, by a version that kept timelines, without the placing).
 */
export async function insertOrderBeforeBreakdowns(order: {
  buyer: string;
  number: number;
  amount: number;
  lines: GivenLine[];
  createdAt: Date;
  timeline?: { event: 'status'; status: string; at: Date; by: { _id: string; role: 'admin' } }[];
}) {
  const {
    breakdown: _,
    events: __,
    timeline: ___,
    ...stored
  } = orderAsStoredNow({
    ...order,
    currency: 'usd',
  });
  await orders().insertOne({
    ...stored,
    number: order.number,
    ...(order.timeline
      ? {
          timeline: order.timeline.map((entry) => ({
            ...entry,
            by: { ...entry.by, _id: new mongoose.Types.ObjectId(entry.by._id), name: 'Admin' },
          })),
        }
      : {}),
  });
  return String(stored._id);
}

/** A product, an order or a discount as stored, every field as the database holds it. */
export const storedDocument = (collection: 'products' | 'orders' | 'discounts', id: string) =>
  mongoose.connection.collection(collection).findOne({ _id: new mongoose.Types.ObjectId(id) });

/** An account as stored before tokens carried a version: no `tokenVersion` field. */
export async function removeTokenVersion(userId: string) {
  await mongoose.connection
    .collection('users')
    .updateOne({ _id: new mongoose.Types.ObjectId(userId) }, { $unset: { tokenVersion: '' } });
}

/** A confirmation of an account's e-mail as stored before it kept when it was sent: no `sentAt`. */
export async function removeSentAt(hash: string) {
  await mongoose.connection
    .collection<{ _id: string }>('email_confirmations')
    .updateOne({ _id: hash }, { $unset: { sentAt: '' } });
}

/**
 * The order with the key of its link as the versions before issue 35 stored it, as it is
 * (`accessKey`), instead of only its hash.
 */
export async function storeOrderKeyAsItIs(orderId: string, key: string) {
  await orders().updateOne(
    { _id: new mongoose.Types.ObjectId(orderId) },
    { $set: { accessKey: key } },
  );
}

/** An order as the versions before order numbers wrote it: no `number`. */
export async function insertOrderBeforeNumbers(order: { buyer: string; createdAt: Date }) {
  const stored = orderAsStoredNow({ ...order, currency: 'usd', amount: 1000, lines: [] });
  await orders().insertOne(stored);
  return String(stored._id);
}

/**
 * An account's order as the versions before guest checkout wrote it: paid, numbered, no
 * `email` (nor the `mailbox` made from it).
 */
export async function insertOrderBeforeGuests(order: { buyer: string; number: number }) {
  const stored = orderAsStoredNow({
    ...order,
    currency: 'usd',
    amount: 1000,
    lines: [],
    createdAt: new Date(),
  });
  await orders().insertOne({ ...stored, number: order.number });
  return String(stored._id);
}

/** The order as the versions before per-person limits wrote it: its `email`, no `mailbox`. */
export async function forgetOrderMailbox(orderId: string) {
  await orders().updateOne(
    { _id: new mongoose.Types.ObjectId(orderId) },
    { $unset: { mailbox: '' } },
  );
}

interface OldCustomerUses {
  _id: string;
  discountId: string;
  count: number;
  payments: string[];
}

/**
 * One shopper's uses of a discount as the versions before per-person limits counted them: keyed
 * by the spelling (`account:<id>` or `guest:<e-mail>`), a count per payment, no `taken`.
 */
export async function insertCustomerUsesBySpelling(uses: {
  discountId: string;
  shopper: string;
  payments: string[];
}) {
  await mongoose.connection.collection<OldCustomerUses>('discount_customer_uses').insertOne({
    _id: `${uses.discountId}:${uses.shopper}`,
    discountId: uses.discountId,
    count: uses.payments.length,
    payments: uses.payments,
  });
}

/**
 * The order as the previous build's changes left it: each recorded the id of the e-mail
 * announcing it (its `mail_outbox` document's) in the order's `events`.
 */
export async function recordOldEvents(orderId: string, eventIds: readonly string[]) {
  await mongoose.connection
    .collection<{ events: string[] }>('orders')
    .updateOne(
      { _id: new mongoose.Types.ObjectId(orderId) },
      { $push: { events: { $each: [...eventIds] } } },
    );
}

const oldMailOutbox = () => mongoose.connection.collection<OldMail>('mail_outbox');

/** E-mails the previous build kept waiting, one document each in its `mail_outbox`. */
export async function insertOldMails(mails: readonly OldMail[]) {
  await oldMailOutbox().insertMany([...mails]);
}

/** An empty `mail_outbox`, as the previous build left it once it had sent every e-mail. */
export const createEmptyOldMailOutbox = () => mongoose.connection.createCollection('mail_outbox');

/** Whether the database has a `mail_outbox`, empty or not. */
export async function hasOldMailOutbox() {
  const found = await mongoose.connection.db?.listCollections({ name: 'mail_outbox' }).toArray();
  return (found ?? []).length > 0;
}

/** A delivery of the outbox as stored, every field as the database holds it, or null. */
export const storedDelivery = (id: string) =>
  mongoose.connection
    .collection<{ _id: string; due: Date; payload?: { order?: { lines?: unknown[] } } }>('outbox')
    .findOne({ _id: id });

/** The bytes migration 001 set aside for a product, as they were inside it, or null. */
export async function unreadablePhotoOf(productId: string) {
  const kept = await mongoose.connection
    .collection<{ _id: string; data: mongoose.mongo.Binary; contentType: string }>(
      'unreadable_product_photos',
    )
    .findOne({ _id: productId });
  return kept ? { bytes: Buffer.from(kept.data.buffer), contentType: kept.contentType } : null;
}

/** A product as the versions before shipping and taxes wrote it: no weight, no tax class. */
export async function unsetWeightAndTaxClass(productId: string) {
  await products().updateOne(
    { _id: new mongoose.Types.ObjectId(productId) },
    { $unset: { weight: '', taxClass: '' } },
  );
}

/**
 * The marks the versions before numbered migrations left on what their start-up's scans had
 * brought up to date: `photosStripped` and `minorUnits` on a product, `minorUnits` on an order.
 */
export async function markAsScanned(collection: 'products' | 'orders', id: string) {
  const marks =
    collection === 'products' ? { photosStripped: true, minorUnits: true } : { minorUnits: true };
  await mongoose.connection
    .collection(collection)
    .updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: marks });
}

/** The database as if `id` had never run on it: its record gone (see the migrations runner). */
export async function forgetMigration(id: string) {
  await mongoose.connection.collection<{ _id: string }>('migrations').deleteOne({ _id: id });
}

/**
 * A database of the version before the dashboard: its orders there, no sales figures (the
 * figures' collections emptied), as the start-up finds it.
 */
export async function dropSalesFigures() {
  for (const name of ['sales_days', 'sales_day_products', 'sales_totals']) {
    await mongoose.connection.collection(name).deleteMany({});
  }
}

/**
 * Until `restore()`, the database refuses every write that sets an account's delivery address
 * (as a primary stepping down would: 'not primary'); every other write goes through. Answers
 * how many writes it refused.
 */
export function refuseDeliveryAddressWrites() {
  const users = mongoose.connection.collection('users');
  const write = users.findOneAndUpdate;
  let refused = 0;
  const spy = vi.spyOn(users, 'findOneAndUpdate').mockImplementation(((...args: unknown[]) => {
    if (!JSON.stringify(args[1]).includes('deliveryAddress')) {
      return Reflect.apply(write, users, args);
    }
    refused += 1;
    return Promise.reject(new mongoose.mongo.MongoServerError({ message: 'not primary' }));
  }) as typeof users.findOneAndUpdate);
  return { refused: () => refused, restore: () => spy.mockRestore() };
}

/**
 * Makes every insert of an order fail as a database does that lost its primary, until
 * `restore()`: what a placement meets when the database fails before its order is recorded.
 */
export function refuseOrderInserts() {
  const orders = mongoose.connection.collection('orders');
  const spy = vi
    .spyOn(orders, 'insertOne')
    .mockImplementation((() =>
      Promise.reject(
        new mongoose.mongo.MongoServerError({ message: 'not primary' }),
      )) as unknown as typeof orders.insertOne);
  return { restore: () => spy.mockRestore() };
}

/**
 * Every open or placing checkout's reservation expired long ago, as if its shopper had gone
 * (the sweep of expired checkouts then ends them).
 */
export async function expireEveryCheckout() {
  await mongoose.connection
    .collection('checkouts')
    .updateMany({ status: { $in: ['open', 'placing'] } }, { $set: { expiresAt: new Date(0) } });
}

/** The store settings as stored: null until the first read of them writes them. */
export const storedStoreSettings = () =>
  mongoose.connection.collection<{ _id: string }>('store').findOne({ _id: 'store' });

/**
 * As a day later for the caps on letters per mailbox: every window of letters ended, every
 * "Notify me" deferred by a cap due now.
 */
export async function aDayLater() {
  const past = new Date(Date.now() - 1_000);
  await mongoose.connection
    .collection('mailbox_letters')
    .updateMany({}, { $set: { endsAt: past } });
  await mongoose.connection
    .collection('back_in_stock_subscriptions')
    .updateMany({ notBefore: { $exists: true } }, { $set: { notBefore: past } });
}

/**
 * "Notify me" on a product's one variant as versions before issue 35 noted it: one subscription
 * per spelling of an address (in case), `createdAt` a second apart in the order given; `told`
 * ones record an event telling them.
 */
export async function insertSubscriptionsBySpelling(
  productId: string,
  emails: readonly string[],
  { told = false }: { told?: boolean } = {},
) {
  const start = Date.now() - 60_000;
  await mongoose.connection.collection<{ _id: string }>('back_in_stock_subscriptions').insertMany(
    emails.map((email, i) => ({
      _id: `${productId}.${productId}.${email.toLowerCase()}`,
      productId,
      variantId: productId,
      email: email.toLowerCase(),
      createdAt: new Date(start + i * 1_000),
      ...(told ? { notifiedBy: `event-${i}` } : {}),
    })),
  );
}

/** Tax rates (in basis points) as the versions that took rates up to 999.99 % could store them. */
export async function storeTaxRatesUpTo1000Percent(
  rates: { country: string; class: string; bp: number }[],
) {
  await mongoose.connection
    .collection<{ _id: string }>('tax_settings')
    .updateOne({ _id: 'tax' }, { $set: { rates, shippingClass: 'standard' } }, { upsert: true });
}

/** The order as versions before `pendingRefunds` stored it: its refunds pending not listed. */
export async function unlistPendingRefunds(orderId: string): Promise<void> {
  await orders().updateOne(
    { _id: new mongoose.Types.ObjectId(orderId) },
    { $unset: { pendingRefunds: '' } },
  );
}

/**
 * The refund listed again in the order's `pendingRefunds`, as a version that did not keep the
 * list leaves a refund it ended (and the order marked for the sweep, as migration 023 marks it).
 */
export async function listRefundAgain(orderId: string, refundId: string): Promise<void> {
  await mongoose.connection
    .collection<{ pendingRefunds?: string[]; refundsListed?: number }>('orders')
    .updateOne(
      { _id: new mongoose.Types.ObjectId(orderId) },
      { $push: { pendingRefunds: refundId }, $set: { refundsListed: 1 } },
    );
}
