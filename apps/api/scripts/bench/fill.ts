import mongoose from 'mongoose';
import sharp from 'sharp';
import { insertCategories } from '../../src/features/categories/repository.js';
import { everyOrder } from '../../src/features/orders/index.js';
import { insertPhotoFiles } from '../../src/features/products/photo-store.js';
import type { NewProduct, VariantSet } from '../../src/features/products/product.js';
import { type PreparedPhoto, preparePhoto } from '../../src/features/products/renditions.js';
import { listProducts } from '../../src/features/products/repository/reads.js';
import { insertProducts, newProductId } from '../../src/features/products/repository/writes.js';
import { rebuildSalesFigures } from '../../src/features/sales/index.js';
import { storeSettings } from '../../src/features/store/index.js';
import { fromMajor } from '../../src/lib/money.js';
import { requireSlug } from '../../src/lib/slug.js';
import { CATALOGUE, type SeedProduct } from '../../src/seed/catalogue.js';
import { type PhotoTheme, renderProductPhoto } from '../../src/seed/photos.js';
import { fillOrders } from '../orders-bench/fill.js';

const BATCH = 500;
/** Photos of each category in the seed's format, told apart by their grain (and so their size). */
const SEED_FORMAT_PHOTOS = [9, 11, 13, 15];

/** A product's sizes: one variant each, a unit of `currency` dearer than the one before. */
function inSizes(slug: string, price: number, count: number, currency: string): VariantSet {
  const sizes = Array.from({ length: count }, (_, i) => `S${i + 1}`);
  return {
    options: [{ name: 'Size', values: sizes }],
    variants: sizes.map((size, i) => ({
      _id: newProductId(),
      sku: `${slug}-${size}`,
      options: { Size: size },
      price: fromMajor(price + i, currency),
      quantity: 1_000_000,
    })),
  };
}

/**
 * The bench's product number `i` (from 0) of a demo category: its i-th template of the category
 * named with the number (`Bluetooth Pocket Speaker 8`), a second apart from the one before since
 * `start`; in `variants` sizes when above 1. Without a photo.
 */
export function benchProduct(
  i: number,
  category: { id: string; templates: readonly SeedProduct[] },
  { variants, currency, start }: { variants: number; currency: string; start: number },
): NewProduct {
  const template = category.templates[i % category.templates.length];
  if (!template) throw new Error('a demo category without products');
  const name = `${template.name} ${i + 1}`;
  return {
    _id: newProductId(),
    name,
    slug: requireSlug(name),
    description: template.description,
    price: fromMajor(template.price, currency),
    quantity: 1_000_000,
    categoryId: category.id,
    shipping: template.shipping,
    photo: null,
    createdAt: new Date(start + i * 1000),
    ...(variants > 1
      ? { variants: inSizes(requireSlug(name), template.price, variants, currency) }
      : {}),
  };
}

/**
 * A camera-like photo as a shop owner uploaded them to the seed's app: the category's picture at
 * 800 px wide with film grain, a JPEG of 64-98 KB (grain 9 to 15).
 */
async function uploadedPhoto(name: string, theme: PhotoTheme, grain: number) {
  const picture = await sharp(await renderProductPhoto(name, theme))
    .resize({ width: 800 })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = picture.info;
  const noise = { type: 'gaussian', mean: 128, sigma: grain } as const;
  const grey = { r: 128, g: 128, b: 128 };
  const film = await sharp({ create: { width, height, channels: 3, background: grey, noise } })
    .png()
    .toBuffer();
  return sharp(picture.data)
    .composite([{ input: film, blend: 'overlay' }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Fills the database with `count` products as the seed's app (the shop of the spec) stored
 * them, straight through the driver: the photo's bytes inside the product (`photo.data`,
 * `photo.contentType`), one price and one stock, no variants, no photo files. The start-up
 * migrations bring such a database up to date. The photos take turns among a few per
 * category, so every product's photo is worked on as a real one would be.
 */
async function fillInSeedFormat(count: number, categories: { id: string; name: string }[]) {
  const themed = new Map(CATALOGUE.map((c) => [c.name, c]));
  const photos = await Promise.all(
    categories.map(async ({ name }) => {
      const category = themed.get(name);
      if (!category) throw new Error(`${name} is no demo category`);
      return Promise.all(
        SEED_FORMAT_PHOTOS.map((grain) => uploadedPhoto(name, category.theme, grain)),
      );
    }),
  );
  const start = Date.now() - count * 1000;
  const products = mongoose.connection.collection('products');
  for (let first = 0; first < count; first += BATCH) {
    const batch = [];
    for (let i = first; i < Math.min(count, first + BATCH); i += 1) {
      const c = i % categories.length;
      const category = CATALOGUE[c] as (typeof CATALOGUE)[number];
      const template = category.products[i % category.products.length];
      const photo = photos[c]?.[Math.floor(i / categories.length) % SEED_FORMAT_PHOTOS.length];
      if (!template || !photo) throw new Error('a demo category without products');
      const name = `${template.name} ${i + 1}`;
      const createdAt = new Date(start + i * 1000);
      batch.push({
        _id: new mongoose.Types.ObjectId(),
        name,
        slug: requireSlug(name),
        description: template.description,
        price: template.price,
        category: new mongoose.Types.ObjectId(categories[c]?.id),
        quantity: template.quantity,
        photo: { data: photo, contentType: 'image/jpeg' },
        shipping: template.shipping,
        createdAt,
        updatedAt: createdAt,
        __v: 0,
      });
    }
    await products.insertMany(batch);
  }
}

/**
 * Fills the database with `count` products spread over the demo categories, stored through the
 * products' repository (slug from the name, photo checked and hashed by the same helpers, its
 * files in the photo collection), in bulk: one photo per category, made once and stored for each
 * of its products (unless `photoFiles` is false: the products keep their photo's metadata, the
 * files are left out). With `variants` above 1, each product comes in that many sizes, each
 * dearer than the last (SKU `<slug>-<size>`). With `seedFormat`, as the seed's app stored them
 * (see fillInSeedFormat).
 */
export async function fillCatalogue(
  count: number,
  { photoFiles = true, variants = 1, seedFormat = false } = {},
) {
  const demo = CATALOGUE.map((category) => ({ ...category, slug: requireSlug(category.name) }));
  const stored = await insertCategories(demo.map(({ name, slug }) => ({ name, slug })));
  if (seedFormat) {
    await fillInSeedFormat(
      count,
      demo.map(({ name, slug }) => ({ name, id: stored.find((c) => c.slug === slug)?._id ?? '' })),
    );
    return stored.map((c) => ({ id: c._id, slug: c.slug }));
  }
  const categories = await Promise.all(
    demo.map(async ({ name, slug, theme, products }) => ({
      id: stored.find((c) => c.slug === slug)?._id ?? '',
      photo: await preparePhoto(await renderProductPhoto(name, theme)),
      templates: products,
    })),
  );
  const start = Date.now() - count * 1000;
  const { currency } = await storeSettings();
  for (let first = 0; first < count; first += BATCH) {
    const batch: { product: NewProduct; photo: PreparedPhoto }[] = [];
    for (let i = first; i < Math.min(count, first + BATCH); i += 1) {
      const category = categories[i % categories.length] as (typeof categories)[number];
      const product = benchProduct(i, category, { variants, currency, start });
      batch.push({ product: { ...product, photo: category.photo.meta }, photo: category.photo });
    }
    if (photoFiles) {
      await insertPhotoFiles(
        batch.map(({ product, photo }) => ({ productId: product._id, photo })),
      );
    }
    await insertProducts(batch.map(({ product }) => product));
  }
  return stored.map((c) => ({ id: c._id, slug: c.slug }));
}

/** Products the orders are of: the first ones filled (the orders bench sells 500 too). */
const ORDERED_PRODUCTS = 500;
/** Days the orders are spread over, as the orders bench spreads them. */
const ORDER_DAYS = 60;

/**
 * Fills `count` orders of the catalogue's first products as the orders bench does (statuses,
 * 1 to 3 lines, some never paid), then counts the sales figures from them, as a shop that took
 * them has its figures.
 */
export async function fillOrdersOfCatalogue(count: number) {
  const products = (await listProducts()).slice(0, ORDERED_PRODUCTS);
  await fillOrders(count, products, ORDER_DAYS);
  await rebuildSalesFigures(everyOrder());
}
