import {
  type AuthSession,
  type Category,
  lowestPrice,
  type Order,
  PRICE_BANDS,
  type Product,
  type ProductOption,
  type ProductVariant,
  SEARCH_RATINGS,
  type SearchFacets,
  type Store,
  type StoreAdmin,
  totalStock,
  type User,
} from '@shop/contracts';
import type { OrderReturn } from '@shop/contracts/returns';
import type { Review } from '@shop/contracts/reviews';

let counter = 0;
/** A fresh 24-hex-digit id, as MongoDB would give. */
export const newId = () => (++counter).toString(16).padStart(24, 'a');

const NOW = '2025-01-01T00:00:00.000Z';

/**
 * The facets `GET /search` would count for `products` with no filter chosen: their categories,
 * every price band and rating, each option's values, and those in stock.
 */
export function facetsOf(products: Product[]): SearchFacets {
  const categories = new Map<string, SearchFacets['categories'][number]>();
  const options = new Map<string, Map<string, number>>();
  for (const { category, variants } of products) {
    if (category) {
      const known = categories.get(category._id);
      categories.set(category._id, { ...category, count: (known?.count ?? 0) + 1 });
    }
    // Each value once per product, however many of its variants have it.
    const values = new Set(
      variants.flatMap((variant) => Object.entries(variant.options).map(String)),
    );
    for (const pair of values) {
      const [name = '', value = ''] = pair.split(',');
      const counts = options.get(name) ?? new Map<string, number>();
      counts.set(value, (counts.get(value) ?? 0) + 1);
      options.set(name, counts);
    }
  }
  return {
    categories: [...categories.values()],
    prices: PRICE_BANDS.map(({ _id, name, array: [low, high] }) => ({
      _id,
      name,
      count: products.filter(({ price }) => price >= low && price <= high).length,
    })),
    options: [...options].map(([name, counts]) => ({
      name,
      values: [...counts].map(([value, count]) => ({ value, count })),
    })),
    ratings: SEARCH_RATINGS.map((atLeast) => ({
      atLeast,
      count: products.filter(({ rating }) => rating.count > 0 && rating.average >= atLeast).length,
    })),
    inStock: products.filter(({ quantity }) => quantity > 0).length,
  };
}

export function makeCategory(name: string): Category {
  return { _id: newId(), name, slug: name.toLowerCase().replace(/\s+/g, '-') };
}

export function makeProduct(name: string, overrides: Partial<Product> = {}): Product {
  const _id = newId();
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const { price = 25, quantity = 10, weight = 0, taxClass = 'standard' } = overrides;
  return {
    _id,
    name,
    slug,
    description: `${name}: a product described at some length so that previews cut it short.`,
    price,
    quantity,
    // Sold one way: one variant of its own id, price and stock.
    options: [],
    variants: [{ _id, sku: slug, options: {}, price, quantity, weight, taxClass, photo: null }],
    shipping: 1,
    weight,
    taxClass,
    rating: { average: 0, count: 0 },
    category: null,
    photo: { version: 'f'.repeat(64), width: 1200, height: 900, color: '#8899aa' },
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/**
 * A product sold in variants, as the API answers it: each variant's SKU is the slug and its
 * values (`T-SHIRT-M-BLACK`), the product's price the lowest and its quantity the sum.
 */
export function makeProductInVariants(
  name: string,
  options: ProductOption[],
  variants: (Pick<ProductVariant, 'options' | 'price' | 'quantity'> &
    Partial<Pick<ProductVariant, 'photo'>>)[],
  overrides: Partial<Product> = {},
): Product {
  const product = makeProduct(name, overrides);
  const sold = variants.map((variant) => ({
    _id: newId(),
    sku: [product.slug, ...Object.values(variant.options)].join('-').toUpperCase(),
    weight: product.weight,
    taxClass: product.taxClass,
    photo: null,
    ...variant,
  }));
  return {
    ...product,
    options,
    variants: sold,
    price: lowestPrice(sold),
    quantity: totalStock(sold),
  };
}

/** A buyer's review of a product, shown, as the API answers it. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    _id: newId(),
    productId: newId(),
    user: { _id: newId(), name: 'Loud Shopper' },
    rating: 1,
    title: 'Rude words',
    body: 'Something no shop should show.',
    hidden: false,
    verifiedPurchase: true,
    createdAt: '2025-01-02T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: newId(),
    name: 'Demo User',
    email: 'user@shop.test',
    phone: '555-0123',
    address: '42 Demo Lane, Springfield',
    role: 0,
    staffRole: null,
    ...overrides,
  };
}

export const sessionOf = (user: User): AuthSession => ({ user, token: `token-of-${user._id}` });

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: newId(),
    products: [],
    payment: {
      id: 'pi_1',
      success: true,
      status: 'succeeded',
      amount: 100,
      currency: 'usd',
      refunded: false,
    },
    buyer: { _id: newId(), name: 'Demo User' },
    address: '42 Demo Lane',
    status: 'Not Process',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** The bodies the API answers with, shaped by the contracts. */
export const replies = {
  categories: (category: Category[], total = category.length) => ({
    status: 200,
    body: { success: true as const, message: 'All Categories List', category, total },
  }),
  /** A product's reviews (visible ones, or all of them for the admin): none by default. */
  reviews: (reviews: Review[] = []) => ({
    status: 200,
    body: {
      success: true as const,
      reviews,
      total: reviews.length,
      average: 0,
      stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    },
  }),
  /** product-list/{page} and the like: a page of products without a total. */
  products: (products: Product[]) => ({ status: 200, body: { success: true as const, products } }),
  /** A paged product list (product-filters, related-product): the page and the whole total. */
  productPage: (products: Product[], total = products.length) => ({
    status: 200,
    body: { success: true as const, products, total },
  }),
  /** get-product: `countTotal` counts this page (spec), `total` all of them. */
  allProducts: (products: Product[], total = products.length) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'AllProducts',
      countTotal: products.length,
      products,
      total,
    },
  }),
  /** `GET /search`: a page of products, their total, and the facets (`facetsOf` them by default). */
  facetedSearch: (products: Product[], total = products.length, facets = facetsOf(products)) => ({
    status: 200,
    body: { success: true as const, products, total, facets },
  }),
  /** `GET /search/suggest`: the products' suggestions. */
  suggestions: (products: Product[]) => ({
    status: 200,
    body: {
      success: true as const,
      products: products.map(({ _id, name, slug, price }) => ({ _id, name, slug, price })),
    },
  }),
  orders: (orders: Order[], total = orders.length) => ({
    status: 200,
    body: { success: true as const, orders, total },
  }),
  /** An order's returns, or the shop's (the admin's list). */
  returns: (returns: OrderReturn[], total = returns.length) => ({
    status: 200,
    body: { success: true as const, returns, total },
  }),
  users: (users: User[], total = users.length) => ({
    status: 200,
    body: { success: true as const, users, total },
  }),
  count: (total: number) => ({ status: 200, body: { success: true as const, total } }),
  /** auth/profile: the saved user, and a new token when the password changed. */
  profileUpdated: (updatedUser: User, token?: string) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'Profile Updated Successfully',
      updatedUser,
      ...(token === undefined ? {} : { token }),
    },
  }),
  /** The store settings: a shop in rupees unless told, so every price reads ₹. */
  store: (over: Partial<Store> = {}) => ({
    status: 200,
    body: {
      name: 'Ecommerce App',
      currency: 'inr',
      pricesIncludeTax: false,
      country: 'IN',
      returnWindowDays: 30,
      staffTwoFactorRequired: false,
      ...over,
    } satisfies Store,
  }),
  /** The owner's read of the store settings: the public ones and the support refund limit. */
  storeAdmin: (over: Partial<StoreAdmin> = {}) => ({
    status: 200,
    body: { ...replies.store().body, supportRefundLimit: 0, ...over } satisfies StoreAdmin,
  }),
  /** api/v1/tax: no rates unless given, shipping standard, the built-in classes and the rates'. */
  taxSettings: (rates: { country: string; class: string; rate: number }[] = []) => ({
    status: 200,
    body: {
      success: true as const,
      rates,
      shippingClass: 'standard',
      classes: [...new Set(['standard', 'reduced', 'zero', ...rates.map((r) => r.class)])],
    },
  }),
  /** The API's refusal: `{ success: false, message }` with its status. */
  refused: (status: number, message: string) => ({
    status,
    body: { success: false, message },
  }),
  /** The API's 400 listing what is wrong with a request's fields, the first as its message. */
  invalid: (errors: { field: string; message: string }[]) => ({
    status: 400,
    body: { success: false, message: errors[0]?.message ?? 'Invalid input', errors },
  }),
};
