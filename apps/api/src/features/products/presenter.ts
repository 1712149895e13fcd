import { type Product, type ProductVariant, toMajorUnits } from '@shop/contracts';
import type { SourcedProduct } from '../catalogue/index.js';
import { findCategory } from '../categories/index.js';
import { storeCurrency } from '../store/index.js';
import type { StoredProduct, StoredVariant } from './product.js';
import { findProductsById, listProducts } from './repository/reads.js';

/**
 * The products as the API answers them: prices in major units of the store currency (the
 * contract's), from the domain's minor units. Every product answer is made here, the
 * in-process catalogue's too (it keeps these answers, see src/wiring.ts).
 */

const variantAnswer = (variant: StoredVariant, currency: string): ProductVariant => ({
  ...variant,
  price: toMajorUnits(variant.price, currency),
});

/** The product as the catalogue keeps it: the answer's fields, its category by id. */
export const sourcedProduct = (product: StoredProduct, currency: string): SourcedProduct => ({
  ...product,
  price: toMajorUnits(product.price, currency),
  variants: product.variants.map((variant) => variantAnswer(variant, currency)),
});

/** The product as an admin's write answers it, with its category as stored now. */
export async function productAnswer(product: StoredProduct): Promise<Product> {
  const [currency, category] = await Promise.all([
    storeCurrency(),
    findCategory(product.categoryId),
  ]);
  const { categoryId: _, reviewsVersion: __, ...fields } = sourcedProduct(product, currency);
  return { ...fields, category };
}

/** Every product as the catalogue keeps it (what each process loads). */
export async function cataloguedProducts(): Promise<SourcedProduct[]> {
  const [products, currency] = await Promise.all([listProducts(), storeCurrency()]);
  return products.map((product) => sourcedProduct(product, currency));
}

/** The products of these ids that exist, as the catalogue keeps them, in one read by `_id`. */
export async function cataloguedProductsById(ids: readonly string[]): Promise<SourcedProduct[]> {
  const [products, currency] = await Promise.all([findProductsById(ids), storeCurrency()]);
  return products.map((product) => sourcedProduct(product, currency));
}
