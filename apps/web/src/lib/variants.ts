import type { Product, ProductVariant } from '@shop/contracts';

type Sold = Pick<Product, 'variants'>;

/** More than one variant to choose from (a product without options has exactly one). */
export const hasChoices = (product: Sold) => product.variants.length > 1;

/** The variants do not all cost the same: a card then shows the lowest price "from". */
export const pricesDiffer = (product: Sold) =>
  new Set(product.variants.map((v) => v.price)).size > 1;

/** The photo a variant shows: its own, else the product's (the photo URL takes the owner's id). */
export const photoOf = (
  product: Pick<Product, '_id'> & { photo?: Product['photo'] | undefined },
  variant: Pick<ProductVariant, '_id' | 'photo'> | undefined,
) =>
  variant?.photo
    ? { ownerId: variant._id, photo: variant.photo }
    : { ownerId: product._id, photo: product.photo };
