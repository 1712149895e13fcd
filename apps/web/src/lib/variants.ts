import type { Product, ProductVariant } from '@shop/contracts';
import type { CartEntry } from './cart';

/**
 * How screens read a product's variants. Not imported by the product cards: the home page loads
 * what they import, and its budget is tight.
 */

/** The photo a variant shows: its own, else the product's (the photo URL takes the owner's id). */
export const photoOf = (
  product: Pick<Product, '_id'> & { photo?: Product['photo'] | undefined },
  variant: Pick<ProductVariant, '_id' | 'photo'> | undefined,
) =>
  variant?.photo
    ? { ownerId: variant._id, photo: variant.photo }
    : { ownerId: product._id, photo: product.photo };

/** A variant's option values as a shopper reads them: `Size: M · Colour: Black`. */
export const formatOptions = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');

/**
 * The id of the variant a cart line buys. A line saved before variants names none: it is the
 * product's only variant, whose id is the product's. Undefined when it cannot be told (a product
 * that has several); the server then refuses the line.
 */
export function variantIdOf(entry: CartEntry): string | undefined {
  if (entry.variant) return entry.variant;
  if (entry.variants.length === 0) return entry._id;
  return entry.variants.length === 1 ? entry.variants[0]?._id : undefined;
}

/** The variant a cart line buys, as it was when added (none for a line saved before variants). */
export const variantOf = (entry: CartEntry): ProductVariant | undefined => {
  const id = variantIdOf(entry);
  return entry.variants.find((v) => v._id === id);
};
