import { PRICE_REASON_REQUIRED } from '@shop/contracts';
import {
  badRequest,
  checkFields,
  conflict,
  notFound,
  rethrowDuplicateAs,
} from '../../lib/errors.js';
import { requireSlug } from '../../lib/slug.js';
import { currentCatalogue } from '../catalogue/index.js';
import { categoryExists } from '../categories/index.js';
import { requireTaxClass } from '../tax/index.js';
import type { ProductFormInput } from './input.js';
import { deletePhotoFiles, savePhotoFiles } from './photo-store.js';
import type { StoredProduct } from './product.js';
import { preparePhoto } from './renditions.js';
import { findProduct } from './repository/reads.js';
import {
  deleteProduct as deleteStoredProduct,
  insertProduct,
  newProductId,
  updateProduct as updateStoredProduct,
} from './repository/writes.js';

const alreadyExists = () => conflict('Product Already Exists', 'name');
/** A unique-index clash: another admin saved the same name between our check and our write. */
const onDuplicateName = rethrowDuplicateAs(alreadyExists);
const missingCategory = () => badRequest('Category does not exist');
const productNotFound = () => notFound('Product not found');

/**
 * What the form's fields are checked against beyond their shape, all at once (the admin is told
 * every problem together): the name makes a slug, the category exists, the tax class is the
 * shop's, the photo (when sent) is an image. Answers the slug and the photo made ready.
 */
const checkForm = <Photo>(form: ProductFormInput, photo: Promise<Photo>) =>
  checkFields({
    name: Promise.resolve().then(() => requireSlug(form.name)),
    category: categoryExists(form.category).then((exists) => {
      if (!exists) throw missingCategory();
    }),
    taxClass: form.taxClass === undefined ? Promise.resolve() : requireTaxClass(form.taxClass),
    photo,
  });

/** The product as stored now, which the write's answer shows (see ./presenter.ts). */
export async function readBack(productId: string): Promise<StoredProduct> {
  const product = await findProduct(productId);
  if (!product) throw productNotFound();
  return product;
}

export async function createProduct(
  form: ProductFormInput,
  photoBytes: Buffer | undefined,
): Promise<StoredProduct> {
  if (!photoBytes) throw badRequest('Photo is required');
  const { name: slug, photo } = await checkForm(form, preparePhoto(photoBytes));
  if ((await currentCatalogue()).productBySlug(slug)) throw alreadyExists();
  // The files first: a product never points at a photo that is not stored yet.
  const _id = newProductId();
  await savePhotoFiles(_id, photo);
  const dropPhoto = () => deletePhotoFiles(_id, photo.meta);
  const { category, previousQuantity: _, price, quantity, reason: __, ...fields } = form;
  await insertProduct({
    ...fields,
    _id,
    categoryId: category,
    shipping: form.shipping ?? 0,
    slug,
    photo: photo.meta,
    price,
    quantity,
    variants: {
      options: [],
      variants: [{ _id, sku: await freeSku(slug, _id), options: {}, price, quantity }],
    },
  }).catch(async (err: unknown) => {
    await dropPhoto();
    return onDuplicateName(err);
  });
  // Pairs with deleteCategory's re-check (two documents, no transaction): when the category
  // was deleted while we saved, one side notices, so no product is left without a category.
  if (!(await categoryExists(category))) {
    await deleteStoredProduct(_id);
    await dropPhoto();
    throw missingCategory();
  }
  return readBack(_id);
}

/**
 * Replaces the product's fields in one update; shipping, weight, tax class and the photo change
 * only when sent.
 * With `previousQuantity` (the stock the edit form was opened with) the update is made only
 * while the stock is still that, so an edit never writes back a count a checkout has lowered.
 */
export async function updateProduct(
  productId: string,
  form: ProductFormInput,
  photoBytes: Buffer | undefined,
): Promise<StoredProduct> {
  const prepared = photoBytes ? preparePhoto(photoBytes) : Promise.resolve(undefined);
  const { name: slug, photo } = await checkForm(form, prepared);
  const sameSlug = (await currentCatalogue()).productBySlug(slug);
  if (sameSlug && sameSlug.product._id !== productId) throw alreadyExists();
  const { shipping, previousQuantity, category, reason: _, ...fields } = form;
  const ofVariants = await soldByVariants(productId, form);
  // The new files first; afterwards only the version the product points at keeps its files.
  if (photo) await savePhotoFiles(productId, photo);
  // Unless the product still shows the same photo (the same bytes uploaded again).
  const dropNewPhoto = async () => {
    if (photo && (await findProduct(productId))?.photo?.version !== photo.meta.version) {
      await deletePhotoFiles(productId, photo.meta);
    }
  };
  const outcome = await updateStoredProduct(
    productId,
    {
      ...fields,
      ...(ofVariants ? { price: undefined, quantity: undefined } : {}),
      slug,
      categoryId: category,
      ...(shipping === undefined ? {} : { shipping }),
      ...(photo ? { photo: photo.meta } : {}),
    },
    // A variant's checkout moves the total the form was opened with: not the form's business.
    ofVariants ? undefined : previousQuantity,
  ).catch(async (err: unknown) => {
    await dropNewPhoto();
    return onDuplicateName(err);
  });
  if (outcome.kind !== 'updated') {
    await dropNewPhoto();
    if (outcome.kind === 'missing') throw productNotFound();
    throw outcome.kind === 'has variants' ? setPerVariant() : stockChanged(outcome.inStock);
  }
  const { previous } = outcome;
  if (photo && previous.photo?.version !== photo.meta.version) {
    await deletePhotoFiles(productId, previous.photo);
  }
  // The same re-check as on create; the product keeps its previous category.
  if (!(await categoryExists(category))) {
    await updateStoredProduct(productId, { categoryId: previous.categoryId });
    throw missingCategory();
  }
  return readBack(productId);
}

const setPerVariant = () =>
  conflict('This product has variants: change their prices and stock in its variants');

/**
 * Whether the product is sold as variants of their own (not one variant of its own id): its
 * price and stock are then theirs, and the form may only send them unchanged. The stock counts
 * as unchanged when it is the one the form was opened with (`previousQuantity`), even if a
 * checkout has lowered the total since: the admin did not touch it.
 */
async function soldByVariants(productId: string, form: ProductFormInput): Promise<boolean> {
  const current = await findProduct(productId);
  if (!current) throw productNotFound();
  const [only, ...others] = current.variants;
  if (only?._id === productId && others.length === 0) {
    if (form.price !== current.price && !form.reason) throw badRequest(PRICE_REASON_REQUIRED);
    return false;
  }
  const stockUntouched = form.quantity === (form.previousQuantity ?? current.quantity);
  if (form.price !== current.price || !stockUntouched) throw setPerVariant();
  return true;
}

/** The product's slug as its first SKU, unless a variant of another product has it. */
async function freeSku(slug: string, productId: string): Promise<string> {
  const taken = (await currentCatalogue()).productBySku(slug);
  return taken && taken.product._id !== productId ? `${slug}-${productId.slice(-6)}` : slug;
}

/** A checkout changed the stock since the admin opened the product. */
const stockChanged = (inStock: number) =>
  conflict(
    `Stock changed while you were editing (${inStock} left now); reload the product and try again`,
  );

/** Deletes the product and then its photos' files (its variants' too). */
export async function deleteProduct(productId: string): Promise<void> {
  const deleted = await deleteStoredProduct(productId);
  if (!deleted) throw productNotFound();
  await deletePhotoFiles(productId, deleted.photo);
  for (const variant of deleted.variants) await deletePhotoFiles(variant._id, variant.photo);
}
