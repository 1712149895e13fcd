import type { Product, ProductVariant } from '@shop/contracts';

/**
 * How screens read a product's variants (the product page, cart and order lines). Not imported
 * by the product cards: the home page loads what they import, and its budget is tight.
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
