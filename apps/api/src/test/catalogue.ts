import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { insertCategory } from '../features/categories/repository.js';
import { savePhotoFiles } from '../features/products/photo-store.js';
import { sourcedProduct } from '../features/products/presenter.js';
import { preparePhoto } from '../features/products/renditions.js';
import { findProduct } from '../features/products/repository/reads.js';
import { insertProduct, newProductId } from '../features/products/repository/writes.js';
import { storeSettings } from '../features/store/index.js';
import { ZERO } from '../lib/money.js';
import { toSlug } from '../lib/slug.js';
import type { Api } from './harness.js';
import { inStoreCurrency } from './money.js';

type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** A tiny real image of the given format, made fresh for the test. */
export const imageBytes = (format: ImageFormat = 'png', background = '#f00') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** A word no other test uses, so a test can find exactly its own data. */
export const uniqueWord = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** A category straight in the database. */
export async function makeCategory(name = `Category ${uniqueWord()}`) {
  const category = await insertCategory({ name, slug: toSlug(name) });
  return { id: category._id, name, slug: category.slug };
}

export interface ProductFixture {
  categoryId: string;
  name?: string;
  description?: string;
  price?: number;
  quantity?: number;
  photo?: Buffer;
  createdAt?: Date;
}

/** A product straight in the database, with a PNG photo (stored as an upload is) unless one is given. */
export async function makeProduct(opts: ProductFixture) {
  const name = opts.name ?? `Product ${uniqueWord()}`;
  const photo = opts.photo ?? (await imageBytes());
  const prepared = await preparePhoto(photo);
  const id = newProductId();
  const slug = toSlug(name);
  await savePhotoFiles(id, prepared);
  await insertProduct({
    _id: id,
    name,
    slug,
    description: opts.description ?? 'A thing worth having',
    price: await inStoreCurrency(opts.price ?? 25),
    quantity: opts.quantity ?? 5,
    categoryId: opts.categoryId,
    shipping: 1,
    photo: prepared.meta,
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
  return { id, name, slug, photo, photoMeta: prepared.meta };
}

/** The text fields of the admin product form, as the browser sends them. */
export const productForm = (categoryId: string, over: Record<string, string | undefined> = {}) => ({
  name: `Product ${uniqueWord()}`,
  description: 'A warm desk light',
  price: '24.5',
  quantity: '3',
  category: categoryId,
  shipping: '1',
  ...over,
});

export interface PhotoPart {
  bytes: Buffer;
  filename?: string;
  contentType?: string;
}

/** Fills a supertest request with the multipart product form (fields left undefined are not sent). */
export function sendForm(
  req: Test,
  fields: Record<string, string | undefined>,
  photo?: PhotoPart,
): Test {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) req.field(key, value);
  }
  if (photo) {
    req.attach('photo', photo.bytes, {
      filename: photo.filename ?? 'photo.png',
      contentType: photo.contentType ?? 'image/png',
    });
  }
  return req;
}

/** GET the product's photo as the browser first asks for it (no rendition query). */
export const getPhoto = (api: Api, productId: string) =>
  api.get(`/api/v1/product/product-photo/${productId}`);

export const idsOf = (products: { _id: string }[]) => products.map((p) => p._id);
export const fixtureIds = (products: { id: string }[]) => products.map((p) => p.id);

/** Photo bytes would show up as a serialized Buffer or a `data` key; a photo shows only metadata. */
export const expectNoPhotoBytes = (body: unknown) => {
  const json = JSON.stringify(body);
  expect(json).not.toMatch(/"Buffer"|"data":|"contentType"|"etag"/);
  for (const [, photo] of json.matchAll(/"photo":(\{[^}]*\}|null)/g)) {
    const keys = Object.keys(JSON.parse(photo ?? 'null') ?? {});
    expect(keys.every((k) => ['version', 'width', 'height', 'color'].includes(k))).toBe(true);
  }
};

/** Several products of one new category, created oldest first. */
export async function makeProducts(
  count: number,
  over: Pick<ProductFixture, 'price' | 'createdAt'> = {},
) {
  const category = await makeCategory();
  const products = [];
  for (let i = 0; i < count; i += 1) {
    products.push(await makeProduct({ categoryId: category.id, ...over }));
  }
  return { category, products };
}

/** A T-shirt's grid: sizes × colours, each with its SKU, price and stock. */
export interface ShirtVariant {
  sku: string;
  size: string;
  colour: string;
  price: number;
  quantity: number;
}

/** The admin's variants request for a T-shirt in the given combinations (SKUs made unique). */
export function shirtVariants(combinations: Omit<ShirtVariant, 'sku'>[], word = uniqueWord()) {
  const sizes = [...new Set(combinations.map((c) => c.size))];
  const colours = [...new Set(combinations.map((c) => c.colour))];
  return {
    options: [
      { name: 'Size', values: sizes },
      { name: 'Colour', values: colours },
    ],
    variants: combinations.map(({ size, colour, price, quantity }) => ({
      sku: `${word}-${size}-${colour}`.toUpperCase(),
      options: { Size: size, Colour: colour },
      price,
      quantity,
    })),
  };
}

/** Three sizes in black, and M in white: different prices, S sold out. */
export const SHIRT_GRID = [
  { size: 'S', colour: 'Black', price: 20, quantity: 0 },
  { size: 'M', colour: 'Black', price: 20, quantity: 4 },
  { size: 'L', colour: 'Black', price: 22.5, quantity: 2 },
  { size: 'M', colour: 'White', price: 18, quantity: 7 },
];

/** A T-shirt with the variants of SHIRT_GRID, straight in the database. */
export async function makeShirt(categoryId: string, grid = SHIRT_GRID) {
  const name = `Shirt ${uniqueWord()}`;
  const { options, variants } = shirtVariants(grid);
  const id = newProductId();
  await insertProduct({
    _id: id,
    name,
    slug: toSlug(name),
    description: 'A soft cotton T-shirt',
    price: ZERO,
    quantity: 0,
    categoryId,
    shipping: 1,
    photo: null,
    variants: {
      options,
      variants: await Promise.all(
        variants.map(async (v) => ({
          ...v,
          price: await inStoreCurrency(v.price),
          _id: newProductId(),
        })),
      ),
    },
  });
  const stored = await findProduct(id);
  if (!stored) throw new Error('the shirt is gone');
  const { currency } = await storeSettings();
  /** The variant of a size and colour. */
  const variant = (size: string, colour: string) => {
    const found = stored.variants.find(
      (v) => v.options.Size === size && v.options.Colour === colour,
    );
    if (!found) throw new Error(`no ${size} ${colour}`);
    return found;
  };
  /** As stored (minor units), and as the product's answers show it (major units). */
  return { id, name, product: stored, shown: sourcedProduct(stored, currency), variant };
}
