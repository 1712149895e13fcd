import { randomUUID } from 'node:crypto';
import { toMajorUnits } from '@shop/contracts';
import { discountsResponseSchema } from '@shop/contracts/discount';
import { insertCategories } from '../features/categories/repository.js';
import { insertOrdersInBulk } from '../features/orders/repository/writes.js';
import { insertProducts, newProductId } from '../features/products/repository/writes.js';
import { fromMajor } from '../lib/money.js';
import { createDiscount } from './discounts.js';
import type { Api } from './harness.js';
import { setUpShop } from './pricing-settings.js';
import type { RandomCart, RandomDiscount, RandomShop } from './random-carts.js';

/**
 * A random shop (./random-carts.ts) made real in the test database, for the carts to be bought
 * through HTTP; and its carts named by the database's ids, for the reference to price.
 */

type Admin = { token: string };

/** Units enough that no draw of carts runs a product short. */
const PLENTY = 1_000_000;

/** Every discount an earlier shop made is deleted: a shop runs its own promotions only. */
async function deleteEveryDiscount(api: Api, admin: Admin) {
  const res = await api.get('/api/v1/discounts').set('Authorization', admin.token).expect(200);
  for (const { _id } of discountsResponseSchema.parse(res.body).discounts) {
    await api.delete(`/api/v1/discounts/${_id}`).set('Authorization', admin.token).expect(200);
  }
}

/** The discount as the admin's call takes it: amounts in major units, targets by their ids. */
function discountInput(
  discount: RandomDiscount,
  currency: string,
  idOf: (drawn: string) => string,
  usageLimit: number | null,
) {
  const major = (minor: number | null) => (minor === null ? null : toMajorUnits(minor, currency));
  return {
    title: discount.title,
    code: discount.code,
    automatic: discount.automatic,
    kind: discount.kind,
    value: discount.amountOff === null ? discount.percentOff : major(discount.amountOff),
    buy: discount.buy,
    get: discount.get,
    products: discount.products.map(idOf),
    categories: discount.categories.map(idOf),
    minSubtotal: major(discount.minSubtotal),
    startsAt: discount.startsAt?.toISOString() ?? null,
    endsAt: discount.endsAt?.toISOString() ?? null,
    firstOrderOnly: discount.firstOrderOnly,
    usageLimit,
    perCustomerLimit: discount.perCustomerLimit,
    combinable: discount.combinable,
    active: discount.active,
  };
}

/**
 * Opens `shop` in the database, delivering to `country`: its settings; its categories and
 * products in one bulk insert each; its discounts through the admin's call, oldest first, every
 * earlier shop's deleted. A drawn usage limit becomes `maxUses` more than it had left, so that no
 * cart's outcome depends on which cart ran first (each uses a discount once at most).
 * Answers how to name a cart of the shop by the database's ids.
 */
export async function openRandomShop(
  api: Api,
  admin: Admin,
  shop: RandomShop,
  { country, maxUses }: { country: string; maxUses: number },
): Promise<(cart: RandomCart) => RandomCart> {
  await setUpShop(api, admin, shop, country);
  await deleteEveryDiscount(api, admin);
  const ids = new Map<string, string>();
  const idOf = (drawn: string) => ids.get(drawn) ?? drawn;

  const word = randomUUID().slice(0, 8);
  const categories = await insertCategories(
    shop.categories.map((name) => ({ name: `${name} ${word}`, slug: `${name}-${word}` })),
  );
  for (const [i, category] of categories.entries()) ids.set(shop.categories[i] ?? '', category._id);
  const products = shop.products.map((product) => ({
    _id: newProductId(),
    name: `${product.productId} ${word}`,
    slug: `${product.productId}-${word}`,
    description: 'A thing a random cart buys',
    price: product.unitPrice,
    quantity: PLENTY,
    categoryId: idOf(product.categoryId),
    shipping: 1 as const,
    weight: product.weightGrams,
    taxClass: product.taxClass,
    photo: null,
  }));
  await insertProducts(products);
  for (const [i, product] of products.entries())
    ids.set(shop.products[i]?.productId ?? '', product._id);

  const discounts: RandomDiscount[] = [];
  for (const drawn of shop.discounts) {
    const usageLimit = drawn.usesLeft === null ? null : drawn.usesLeft + maxUses;
    const made = await createDiscount(
      api,
      admin,
      discountInput(drawn, shop.currency, idOf, usageLimit),
    );
    ids.set(drawn._id, made._id);
    discounts.push({
      ...drawn,
      _id: made._id,
      products: drawn.products.map(idOf),
      categories: drawn.categories.map(idOf),
      usesLeft: usageLimit,
    });
  }
  return (cart) => ({
    ...cart,
    lines: cart.lines.map((line) => ({
      ...line,
      productId: idOf(line.productId),
      categoryId: idOf(line.categoryId),
    })),
    discounts,
  });
}

/** A paid order each, placed before the draw (of a product since gone): shoppers who ordered before. */
export async function giveEarlierOrders(buyerIds: readonly string[], currency: string) {
  await insertOrdersInBulk(
    buyerIds.map((buyerId) => ({
      lines: [
        {
          productId: newProductId(),
          name: 'An earlier purchase',
          unitPrice: fromMajor(1, currency),
          quantity: 1,
        },
      ],
      payment: {
        id: `pi_earlier_${randomUUID()}`,
        success: true,
        status: 'succeeded',
        amount: fromMajor(1, currency),
        currency,
      },
      buyer: { _id: buyerId },
    })),
  );
}
