import type { Product, ProductVariant } from '@shop/contracts';

/**
 * How a shopper narrows a product down to one variant, option by option in the product's order.
 * A value is offered (enabled) when a variant in stock has it together with the values chosen
 * for the options before it. So every variant in stock can be reached from any selection:
 * choosing a value never leads to a dead end.
 */

type Sold = Pick<Product, 'options' | 'variants'>;

/** The selection's values with the option at `index` set to `value`, and the options up to it. */
function wanted(product: Sold, selected: ProductVariant, index: number, value: string) {
  const names = product.options.map((o) => o.name);
  const values = { ...selected.options, [names[index] ?? '']: value };
  const has = (upTo: number) => (v: ProductVariant) =>
    names.slice(0, upTo).every((name) => v.options[name] === values[name]);
  return { sameUpToIt: has(index + 1), sameInAll: has(names.length) };
}

const inStock = (v: ProductVariant) => v.quantity > 0;

/** The variant of this SKU, in any case (SKUs are unique in any case). */
export function variantBySku(product: Sold, sku: string | null): ProductVariant | undefined {
  const named = sku?.toLowerCase();
  return product.variants.find((v) => v.sku.toLowerCase() === named);
}

/** The variant a product page opens on: the one a link names, else the first in stock, else the first. */
export const openingVariant = (product: Sold, sku: string | null) =>
  variantBySku(product, sku) ?? product.variants.find(inStock) ?? product.variants[0];

/** Whether `value` of the option at `index` can be chosen, given the values chosen before it. */
export function isOffered(product: Sold, selected: ProductVariant, index: number, value: string) {
  const { sameUpToIt } = wanted(product, selected, index, value);
  return product.variants.some((v) => inStock(v) && sameUpToIt(v));
}

/**
 * The variant after choosing `value` for the option at `index`: the one keeping the other values
 * when it is in stock, else the first in stock with the values up to this option, else (nothing
 * left to sell there) the one keeping the other values, if it exists.
 */
export function choose(
  product: Sold,
  selected: ProductVariant,
  index: number,
  value: string,
): ProductVariant {
  const { sameUpToIt, sameInAll } = wanted(product, selected, index, value);
  const exact = product.variants.find(sameInAll);
  if (exact && inStock(exact)) return exact;
  return product.variants.find((v) => inStock(v) && sameUpToIt(v)) ?? exact ?? selected;
}
