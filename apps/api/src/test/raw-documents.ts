import { PHOTO_WIDTHS, toMinorUnits } from '@shop/contracts';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { vi } from 'vitest';
import { photoEtag } from '../features/products/photo.js';

/**
 * Documents as no repository writes them: products as the version before photos had their
 * own collection stored them, a stock count a damaged database might hold, a write nobody
 * announced, a lock a dead process left. Written with the driver itself, into the collections
 * the repositories read.
 */
const products = () => mongoose.connection.collection('products');

/** A product as the previous version wrote it: the photo's bytes inside the document. */
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
    price: 10,
    quantity: 2,
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

/** A product as the versions before variants wrote it: one price and one stock, no variants. */
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
    price: product.price,
    quantity: product.quantity,
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
    category: new mongoose.Types.ObjectId(product.categoryId),
    shipping: 0,
    photosStripped: true,
    createdAt: now,
    updatedAt: now,
  });
  return { id: String(_id), variantIds: variants.map((v) => String(v._id)) };
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
  lines: { productId: string; name: string; price: number; quantity: number }[];
}) {
  const _id = new mongoose.Types.ObjectId();
  const now = new Date();
  await mongoose.connection.collection('orders').insertOne({
    _id,
    number: order.number,
    products: order.lines.map((line) => ({
      ...line,
      productId: new mongoose.Types.ObjectId(line.productId),
    })),
    payment: {
      id: `pi_major_units_${_id}`,
      success: true,
      status: 'succeeded',
      amount: order.amount,
      currency: order.currency,
      refunded: false,
    },
    buyer: new mongoose.Types.ObjectId(order.buyer),
    address: '1 Old Street',
    status: 'Not Process',
    stockReturned: false,
    createdAt: now,
    updatedAt: now,
  });
  return String(_id);
}

/** A product or an order as stored, every field as the database holds it. */
export const storedDocument = (collection: 'products' | 'orders', id: string) =>
  mongoose.connection.collection(collection).findOne({ _id: new mongoose.Types.ObjectId(id) });

/** An account as stored before tokens carried a version: no `tokenVersion` field. */
export async function removeTokenVersion(userId: string) {
  await mongoose.connection
    .collection('users')
    .updateOne({ _id: new mongoose.Types.ObjectId(userId) }, { $unset: { tokenVersion: '' } });
}

/** An order as the versions before order numbers wrote it: no `number`. */
export async function insertOrderBeforeNumbers(order: { buyer: string; createdAt: Date }) {
  const _id = new mongoose.Types.ObjectId();
  await mongoose.connection.collection('orders').insertOne({
    _id,
    products: [],
    payment: {
      id: `pi_before_numbers_${_id}`,
      success: true,
      status: 'succeeded',
      amount: 1000,
      currency: 'usd',
      refunded: false,
    },
    buyer: new mongoose.Types.ObjectId(order.buyer),
    address: '1 Old Street',
    status: 'Not Process',
    stockReturned: false,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  });
  return String(_id);
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
