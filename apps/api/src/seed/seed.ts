import { DEFAULT_TAX_CLASS, type OrderStatus } from '@shop/contracts';
import { hasUsers } from '../features/auth/repository.js';
import {
  findCategoriesBySlug,
  insertCategoryIfMissing,
} from '../features/categories/repository.js';
import { insertOrder } from '../features/orders/index.js';
import { deletePhotoFiles, savePhotoFiles } from '../features/products/photo-store.js';
import { preparePhoto } from '../features/products/renditions.js';
import { findProductsBySlug, hasProducts } from '../features/products/repository/reads.js';
import { insertProductIfMissing, newProductId } from '../features/products/repository/writes.js';
import { writeReview } from '../features/reviews/index.js';
import { storeSettings } from '../features/store/index.js';
import { AppError } from '../lib/errors.js';
import { fromMajor, type Minor, sum, times } from '../lib/money.js';
import { toSlug } from '../lib/slug.js';
import {
  DEMO_USER,
  insertMissingAccounts,
  PUBLISHED_PASSWORDS,
  type SeedPasswords,
} from './accounts.js';
import { seedAmountsIn } from './amounts.js';
import { CATALOGUE } from './catalogue.js';
import { renderProductPhoto } from './photos.js';
import { seedShippingAndTaxes } from './shipping-and-taxes.js';

interface SampleOrder {
  paymentId: string;
  success: boolean;
  paymentStatus: string;
  status: OrderStatus;
  hoursAgo: number;
  lines: [productName: string, quantity: number][];
}

/** Orders of the demo user, so the order screens have something to show. */
const SAMPLE_ORDERS: readonly SampleOrder[] = [
  {
    paymentId: 'seed_pi_1',
    success: true,
    paymentStatus: 'succeeded',
    status: 'deliverd',
    hoursAgo: 12 * 24,
    lines: [
      ['Stoneware Coffee Mug', 2],
      ['Midnight at the Lighthouse', 1],
    ],
  },
  {
    paymentId: 'seed_pi_2',
    success: true,
    paymentStatus: 'succeeded',
    status: 'Processing',
    hoursAgo: 2 * 24,
    lines: [['Wireless Noise-Cancelling Headphones', 1]],
  },
  {
    paymentId: 'seed_pi_3',
    success: false,
    paymentStatus: 'requires_payment_method',
    status: 'cancel',
    hoursAgo: 5,
    lines: [
      ['Yoga Mat with Carry Strap', 1],
      ['Stainless Steel Water Bottle', 2],
    ],
  },
];

/** The demo user's reviews of products their paid orders hold (the headphones left to review). */
const SAMPLE_REVIEWS = [
  {
    product: 'Stoneware Coffee Mug',
    rating: 5,
    title: 'My morning mug now',
    body: 'Keeps coffee warm for ages and the glaze is lovely. Bought a second one as a gift.',
  },
  {
    product: 'Midnight at the Lighthouse',
    rating: 4,
    title: 'Hard to put down',
    body: 'A slow start, then I read the second half in one night. The ending is worth it.',
  },
] as const;

const HOUR_MS = 60 * 60 * 1000;

export interface SeedResult {
  /** One printable line per account: role, e-mail and password (or that it was kept). */
  accounts: string[];
  /** How many documents this run added (0 everywhere on a second run). */
  created: {
    categories: number;
    products: number;
    orders: number;
    reviews: number;
    zones: number;
    taxRates: number;
  };
}

async function upsertCategories(now: Date) {
  let created = 0;
  for (const [index, category] of CATALOGUE.entries()) {
    const slug = toSlug(category.name);
    const at = new Date(now.getTime() - (CATALOGUE.length - index) * HOUR_MS);
    if (await insertCategoryIfMissing({ name: category.name, slug }, at)) created += 1;
  }
  return created;
}

/**
 * Photos are rendered only for products still missing, so a second run is quick. Prices are
 * the catalogue's dollars in the shop's currency (`amount`).
 */
async function upsertProducts(now: Date, amount: (dollars: number) => Minor) {
  const categorySlugs = CATALOGUE.map((c) => toSlug(c.name));
  const productSlugs = CATALOGUE.flatMap((c) => c.products.map((p) => toSlug(p.name)));
  const [categories, existing] = await Promise.all([
    findCategoriesBySlug(categorySlugs),
    findProductsBySlug(productSlugs),
  ]);
  const categoryIds = new Map(categories.map((c) => [c.slug, c._id]));
  const existingSlugs = new Set(existing.map((p) => p.slug));
  let created = 0;
  for (const [c, category] of CATALOGUE.entries()) {
    const categoryId = categoryIds.get(toSlug(category.name));
    if (!categoryId) throw new Error(`The demo category ${category.name} was not stored`);
    for (const [p, product] of category.products.entries()) {
      const slug = toSlug(product.name);
      if (existingSlugs.has(slug)) continue;
      // Interleaved ages: the newest page shows one product of each category.
      const rank = p * CATALOGUE.length + c;
      const createdAt = new Date(now.getTime() - 30 * 24 * HOUR_MS - rank * HOUR_MS);
      // Made and stored as an upload is, under the id the product gets if it is inserted.
      const _id = newProductId();
      const photo = await preparePhoto(await renderProductPhoto(product.name, category.theme));
      await savePhotoFiles(_id, photo);
      const { variants, ...fields } = product;
      const inserted = await insertProductIfMissing({
        ...fields,
        price: amount(product.price),
        weight: product.weight ?? category.weight,
        taxClass: category.taxClass ?? DEFAULT_TAX_CLASS,
        ...(variants
          ? {
              variants: {
                options: variants.options,
                variants: variants.variants.map((v) => ({
                  ...v,
                  price: amount(v.price),
                  _id: newProductId(),
                })),
              },
            }
          : {}),
        _id,
        slug,
        categoryId,
        photo: photo.meta,
        createdAt,
      });
      if (inserted) created += 1;
      else await deletePhotoFiles(_id, photo.meta);
    }
  }
  return created;
}

/** Where the demo user's sample orders went (the profile keeps none: the first checkout asks). */
const SAMPLE_DELIVERY_ADDRESS = {
  name: DEMO_USER.name,
  street: '42 Demo Lane',
  city: 'Springfield',
  postalCode: '49007',
  country: 'US',
  phone: DEMO_USER.phone,
};

async function upsertSampleOrders(buyerId: string | undefined, now: Date, currency: string) {
  if (!buyerId) return 0;
  const slugs = SAMPLE_ORDERS.flatMap((o) => o.lines.map(([name]) => toSlug(name)));
  const products = new Map((await findProductsBySlug(slugs)).map((p) => [p.slug, p]));
  let created = 0;
  for (const order of SAMPLE_ORDERS) {
    const lines = order.lines.flatMap(([name, quantity]) => {
      const product = products.get(toSlug(name));
      const variant = product?.variants[0];
      return product && variant
        ? [
            {
              productId: product._id,
              variant: { _id: variant._id, sku: variant.sku, options: variant.options },
              name: product.name,
              unitPrice: variant.price,
              quantity,
            },
          ]
        : [];
    });
    const inserted = await insertOrder({
      lines,
      payment: {
        id: order.paymentId,
        success: order.success,
        status: order.paymentStatus,
        amount: sum(lines.map((line) => times(line.unitPrice, line.quantity))),
        currency,
      },
      buyer: { _id: buyerId, address: DEMO_USER.address },
      deliveryAddress: SAMPLE_DELIVERY_ADDRESS,
      status: order.status,
      createdAt: new Date(now.getTime() - order.hoursAgo * HOUR_MS),
    });
    if (inserted) created += 1;
  }
  return created;
}

/** Written through the reviews' own rules: only a buyer, once (a second run adds none). */
async function addSampleReviews(buyerId: string | undefined) {
  if (!buyerId) return 0;
  const slugs = SAMPLE_REVIEWS.map((r) => toSlug(r.product));
  const products = new Map((await findProductsBySlug(slugs)).map((p) => [p.slug, p]));
  let created = 0;
  for (const { product: name, ...text } of SAMPLE_REVIEWS) {
    const product = products.get(toSlug(name));
    if (!product) continue;
    try {
      await writeReview(product._id, buyerId, text);
      created += 1;
    } catch (err) {
      // Reviewed already (a second run), or no longer a buyer of it: nothing to add.
      if (!(err instanceof AppError && (err.status === 409 || err.status === 403))) throw err;
    }
  }
  return created;
}

/**
 * Fills the database with the demo shop; safe to run any number of times. Accounts that
 * are missing get `passwords` (see seedPasswords); existing ones are never changed. Amounts are
 * in the store currency: a shop without settings gets the first one (useFirstCurrency) here.
 */
export async function seed(
  now = new Date(),
  passwords: SeedPasswords = PUBLISHED_PASSWORDS,
): Promise<SeedResult> {
  const { currency } = await storeSettings();
  const accounts = await insertMissingAccounts(passwords);
  const accountIds = accounts.ids;
  const categories = await upsertCategories(now);
  const inCurrency = seedAmountsIn(currency);
  const products = await upsertProducts(now, (dollars) => fromMajor(inCurrency(dollars), currency));
  const orders = await upsertSampleOrders(accountIds.get(DEMO_USER.email), now, currency);
  const reviews = await addSampleReviews(accountIds.get(DEMO_USER.email));
  const { zones, taxRates } = await seedShippingAndTaxes(currency);
  return {
    accounts: accounts.lines,
    created: { categories, products, orders, reviews, zones, taxRates },
  };
}

/** Seeds only a brand-new database: one without any product or user. */
export async function seedIfEmpty(
  passwords: SeedPasswords = PUBLISHED_PASSWORDS,
): Promise<{ accounts: string[] } | null> {
  const [product, user] = await Promise.all([hasProducts(), hasUsers()]);
  if (product || user) return null;
  return seed(new Date(), passwords);
}
