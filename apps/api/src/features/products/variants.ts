import { PRICE_REASON_REQUIRED } from '@shop/contracts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { currentCatalogue } from '../catalogue/index.js';
import { requireTaxClass } from '../tax/index.js';
import type { VariantsInput } from './input.js';
import { deletePhotoFiles } from './photo-store.js';
import type { NewVariant, StoredProduct, StoredVariant, VariantSet } from './product.js';
import {
  findProductsWithOverrides,
  findProductWithOverrides,
  type ProductWithOverrides,
  type VariantOverrides,
} from './repository/reads.js';
import {
  newProductId,
  replaceManyVariants,
  replaceVariants,
  type VariantsReplacement,
} from './repository/writes.js';
import { readBack } from './use-cases.js';

/** Writes lost to a checkout landing between the read and the write, before giving up. */
const ATTEMPTS = 3;

/**
 * Replaces a product's options and variants with the admin's: variants named by `_id` are kept
 * (with their photo, and their own weight and class unless the request says otherwise), the
 * others are new, and those left out are removed, unless a checkout holds units of one (409).
 * A SKU another product uses is refused (409), and so is a stock count that is no longer
 * `previousQuantity` (a checkout sold some meanwhile). One update, made only while the product
 * is as read; a checkout landing in between is read again.
 */
export async function setVariants(
  productId: string,
  request: VariantsInput,
): Promise<StoredProduct> {
  await changeVariants(productId, request);
  return readBack(productId);
}

/**
 * setVariants for a caller that does not show the product after (a catalogue import): the same
 * checks and update, without reading the product back. With `caughtUp: false` this process's
 * catalogue shows the change at its next poll, as every other process's does, instead of
 * before this returns: an import's thousands of writes then reload their products in a few
 * reads instead of one catch-up each.
 */
export async function changeVariants(
  productId: string,
  request: VariantsInput,
  { caughtUp = true }: { caughtUp?: boolean } = {},
): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const found = await findProductWithOverrides(productId);
    if (!found) throw notFound('Product not found');
    const { next, removed } = await replacementOf(found, request);
    if (await replaceVariants(productId, found.product.updatedAt, next, { readBack: caughtUp })) {
      await deletePhotosOf(removed);
      return;
    }
  }
  throw conflict('The product kept changing while you saved; reload it and try again');
}

/** A product's variants as an import asks them (see changeManyVariants). */
export interface VariantsChange {
  productId: string;
  request: VariantsInput;
}

/**
 * changeVariants for many products (a catalogue import), each checked as changeVariants checks
 * it, in one read, one update and one announcement: answers, in the order asked, null for a
 * product written and the error of one refused (a 4xx). A product another write changed between
 * the read and the update is written alone after, as changeVariants writes it. The catalogue of
 * this process shows them at its next poll, as every other process's does.
 */
export async function changeManyVariants(
  changes: readonly VariantsChange[],
): Promise<(AppError | null)[]> {
  const outcomes: (AppError | null)[] = changes.map(() => null);
  const found = await findProductsWithOverrides(changes.map((c) => c.productId));
  const planned: (VariantsReplacement & { at: number; removed: StoredVariant[] })[] = [];
  for (const [at, { productId, request }] of changes.entries()) {
    const read = found.get(productId);
    try {
      if (!read) throw notFound('Product not found');
      const { next, removed } = await replacementOf(read, request);
      planned.push({ at, id: productId, readAt: read.product.updatedAt, next, removed });
    } catch (err) {
      outcomes[at] = refusalOf(err);
    }
  }
  const written = await replaceManyVariants(planned);
  for (const { at, id, removed } of planned) {
    if (written.has(id)) await deletePhotosOf(removed);
    else {
      const request = (changes[at] as VariantsChange).request;
      await changeVariants(id, request, { caughtUp: false }).catch((err: unknown) => {
        outcomes[at] = refusalOf(err);
      });
    }
  }
  return outcomes;
}

/** A refusal of the request (a 4xx) as an outcome; anything else is thrown on. */
function refusalOf(err: unknown): AppError {
  if (err instanceof AppError && err.status < 500) return err;
  throw err;
}

/**
 * The variants to store for the product as read, and those the request removes; refused (409)
 * when one removed has units held in checkouts (a reservation, or an order not yet paid).
 */
async function replacementOf(
  { product: current, overrides }: ProductWithOverrides,
  request: VariantsInput,
): Promise<{ next: VariantSet; removed: StoredVariant[] }> {
  const next = await planVariants(current, overrides, request);
  const kept = new Set(next.variants.map((v) => v._id));
  const removed = current.variants.filter((v) => !kept.has(v._id));
  const inUse = removed.filter((v) => (v.inCheckouts ?? 0) > 0);
  if (inUse.length > 0) {
    const skus = inUse.map((v) => v.sku);
    throw conflict(
      `A checkout under way holds ${skus.join(', ')}: keep it until that order is paid or cancelled`,
    );
  }
  return { next, removed };
}

async function deletePhotosOf(variants: readonly StoredVariant[]) {
  for (const variant of variants) await deletePhotoFiles(variant._id, variant.photo);
}

/** The variants to store, checked against the product as it is now and the rest of the shop. */
async function planVariants(
  current: StoredProduct,
  overrides: VariantOverrides,
  request: VariantsInput,
): Promise<VariantSet> {
  const catalogue = await currentCatalogue();
  for (const taxClass of new Set(request.variants.map((v) => v.taxClass))) {
    if (typeof taxClass === 'string') await requireTaxClass(taxClass);
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
    // The variant a product without options keeps is its own, whatever id the request gives.
    const was = existing ?? (withoutOptions ? byId.get(current._id) : undefined);
    if (was && was.price !== input.price && !request.reason) {
      throw badRequest(PRICE_REASON_REQUIRED);
    }
    return {
      // A product without options is one variant of its own id (see the repository).
      _id: withoutOptions ? current._id : (id ?? newProductId()),
      sku: input.sku,
      options: withoutOptions ? {} : input.options,
      price: input.price,
      quantity: input.quantity,
      // A product sold one way is weighed and taxed as its product form says.
      ...(withoutOptions
        ? {}
        : ownWeightAndClass(input, id === undefined ? undefined : overrides.get(id))),
      // Its files are under its own id, which a product without options does not keep.
      photo: withoutOptions ? null : (existing?.photo ?? null),
    };
  });
  return { options: request.options, variants };
}

/**
 * A variant's own weight and class after the request: what it sends (null: none, its product's),
 * else what the variant had, so a request that leaves them out (an older client) keeps them.
 */
function ownWeightAndClass(
  input: Pick<VariantsInput['variants'][number], 'weight' | 'taxClass'>,
  had: Pick<NewVariant, 'weight' | 'taxClass'> = {},
): Pick<NewVariant, 'weight' | 'taxClass'> {
  const weight = input.weight === undefined ? had.weight : (input.weight ?? undefined);
  const taxClass = input.taxClass === undefined ? had.taxClass : (input.taxClass ?? undefined);
  return { weight, taxClass };
}
