import type { Product } from '@shop/contracts';
import type { ProductVariantsValues } from '@shop/contracts/variants-request';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { currentCatalogue } from '../catalogue/index.js';
import { requireTaxClass } from '../tax/index.js';
import { deletePhotoFiles } from './photo-store.js';
import {
  findProduct,
  type NewVariant,
  newProductId,
  replaceVariants,
  type StoredProduct,
  type VariantSet,
} from './repository.js';
import { readBack } from './use-cases.js';

/**
 * Which of a product's variants a checkout still under way holds (an order recorded, not yet
 * paid nor cancelled): given by the app, since orders are another feature that reads products.
 */
export type HeldVariants = (productId: string, variantIds: readonly string[]) => Promise<string[]>;

/** Writes lost to a checkout landing between the read and the write, before giving up. */
const ATTEMPTS = 3;

/**
 * Replaces a product's options and variants with the admin's: variants named by `_id` are kept
 * (with their photo), the others are new, and those left out are removed, unless a checkout
 * under way holds one (409). A SKU another product uses is refused (409), and so is a stock
 * count that is no longer `previousQuantity` (a checkout sold some meanwhile). One update,
 * made only while the product is as read; a checkout landing in between is read again.
 */
export async function setVariants(
  productId: string,
  request: ProductVariantsValues,
  held: HeldVariants,
): Promise<Product> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const current = await findProduct(productId);
    if (!current) throw notFound('Product not found');
    const next = await planVariants(current, request);
    const kept = new Set(next.variants.map((v) => v._id));
    const removed = current.variants.filter((v) => !kept.has(v._id));
    const inUse = await held(
      productId,
      removed.map((v) => v._id),
    );
    if (inUse.length > 0) {
      const skus = removed.filter((v) => inUse.includes(v._id)).map((v) => v.sku);
      throw conflict(
        `A checkout under way holds ${skus.join(', ')}: keep it until that order is paid or cancelled`,
      );
    }
    if (await replaceVariants(productId, current.updatedAt, next)) {
      for (const variant of removed) await deletePhotoFiles(variant._id, variant.photo);
      return readBack(productId);
    }
  }
  throw conflict('The product kept changing while you saved; reload it and try again');
}

/** The variants to store, checked against the product as it is now and the rest of the shop. */
async function planVariants(
  current: StoredProduct,
  request: ProductVariantsValues,
): Promise<VariantSet> {
  const catalogue = await currentCatalogue();
  for (const taxClass of new Set(request.variants.map((v) => v.taxClass))) {
    if (taxClass !== undefined) await requireTaxClass(taxClass);
  }
  const byId = new Map(current.variants.map((v) => [v._id, v]));
  const withoutOptions = request.options.length === 0;
  const variants = request.variants.map((input): NewVariant => {
    const id = input._id?.toLowerCase();
    const existing = id === undefined ? undefined : byId.get(id);
    if (id !== undefined && !existing) {
      throw badRequest(`Variant ${input._id} is not a variant of this product`);
    }
    if (
      existing &&
      input.previousQuantity !== undefined &&
      existing.quantity !== input.previousQuantity
    ) {
      throw conflict(
        `Stock of ${existing.sku} changed while you were editing (${existing.quantity} left now); reload the product and try again`,
      );
    }
    const owner = catalogue.productBySku(input.sku);
    if (owner && owner.product._id !== current._id) {
      throw conflict(`SKU ${input.sku} is already used by ${owner.product.name}`);
    }
    return {
      // A product without options is one variant of its own id (see the repository).
      _id: withoutOptions ? current._id : (id ?? newProductId()),
      sku: input.sku,
      options: withoutOptions ? {} : input.options,
      price: input.price,
      quantity: input.quantity,
      // A product sold one way is weighed and taxed as its product form says.
      ...(withoutOptions ? {} : { weight: input.weight, taxClass: input.taxClass }),
      // Its files are under its own id, which a product without options does not keep.
      photo: withoutOptions ? null : (existing?.photo ?? null),
    };
  });
  return { options: request.options, variants };
}
