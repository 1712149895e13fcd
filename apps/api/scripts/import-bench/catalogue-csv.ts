import { stringify } from 'csv-stringify/sync';
import mongoose from 'mongoose';
import { csvPrice } from '../../src/features/catalogue-csv/presenter.js';
import type { NewProduct } from '../../src/features/products/product.js';
import { insertProducts } from '../../src/features/products/repository/writes.js';
import { minor } from '../../src/lib/money.js';
import { requireSlug } from '../../src/lib/slug.js';
import { CATALOGUE } from '../../src/seed/catalogue.js';
import { benchProduct } from '../bench/fill.js';

/** The columns a new product's rows give (those of the export without weight, tax and photo). */
const COLUMNS = [
  'slug',
  'name',
  'description',
  'category',
  'option1 name',
  'option1 value',
  'sku',
  'price',
  'quantity',
] as const;

/** The demo categories as the bench filled them, each with its templates. */
export const benchCategories = (filled: readonly { id: string; slug: string }[]) =>
  filled.map(({ id, slug }) => {
    const demo = CATALOGUE.find((c) => requireSlug(c.name) === slug);
    if (!demo) throw new Error(`${slug} is no demo category`);
    return { id, slug, templates: demo.products };
  });

type Categories = ReturnType<typeof benchCategories>;

/** The bench's products numbered `from` to `from + count - 1` (after those filled before). */
function* benchProducts(
  count: number,
  { from, variants, currency, categories }: BenchProducts,
): Generator<{ product: NewProduct; category: Categories[number] }> {
  const start = Date.now();
  for (let i = from; i < from + count; i += 1) {
    const category = categories[i % categories.length] as Categories[number];
    yield { product: benchProduct(i, category, { variants, currency, start }), category };
  }
}

interface BenchProducts {
  from: number;
  variants: number;
  currency: string;
  categories: Categories;
}

/**
 * The CSV a merchant moving to the shop imports: `count` new products of `variants` sizes each
 * (the bench's catalogue generator's, numbered from `from`), one row per size, as the export
 * writes them; with `raise` (minor units), every price that much dearer: the same rows, each
 * one changed.
 */
export function newProductsCsv(count: number, options: BenchProducts, raise = 0): Buffer {
  const rows: string[][] = [];
  for (const { product, category } of benchProducts(count, options)) {
    for (const variant of product.variants?.variants ?? []) {
      const row: Record<(typeof COLUMNS)[number], string> = {
        slug: product.slug,
        name: product.name,
        description: product.description,
        category: category.slug,
        'option1 name': 'Size',
        'option1 value': variant.options.Size ?? '',
        sku: variant.sku,
        price: csvPrice(minor(variant.price + raise), options.currency),
        quantity: String(variant.quantity),
      };
      rows.push(COLUMNS.map((column) => row[column]));
    }
  }
  return Buffer.from(stringify(rows, { header: true, columns: [...COLUMNS] }));
}

/** Stores `count` more bench products (without photos) straight in the database, in batches. */
export async function insertBenchProducts(count: number, options: BenchProducts) {
  let batch: NewProduct[] = [];
  for (const { product } of benchProducts(count, options)) {
    batch.push(product);
    if (batch.length === 500) {
      await insertProducts(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insertProducts(batch);
  return mongoose.connection.collection('products').countDocuments();
}
