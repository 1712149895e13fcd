import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { deletePhotoFiles, savePhotoFiles } from './photo-store.js';
import type { StoredProduct } from './product.js';
import { type PreparedPhoto, preparePhoto } from './renditions.js';
import { findProduct } from './repository/reads.js';
import {
  setVariantPhoto as setStoredVariantPhoto,
  updateProduct as updateStoredProduct,
} from './repository/writes.js';
import { readBack } from './use-cases.js';

/**
 * Gives a variant a photo of its own (served at `product-photo/{variantId}`): uploaded bytes, or
 * a photo prepared already (an import's, checked before anything of its row was written). With
 * null it takes the variant's photo away, so the variant shows the product's photo again. Files
 * are stored under the variant's id: the new ones before the product points at them, the old
 * ones removed after.
 */
export async function setVariantPhoto(
  productId: string,
  variantId: string,
  photoGiven: Buffer | PreparedPhoto | null,
): Promise<StoredProduct> {
  const photo = Buffer.isBuffer(photoGiven) ? await preparePhoto(photoGiven) : photoGiven;
  const product = await findProduct(productId);
  if (!product) throw notFound('Product not found');
  const index = product.variants.findIndex((v) => v._id === variantId);
  if (index === -1) throw notFound('Variant not found');
  if (variantId === productId) {
    throw badRequest(
      'A product without options shows its own photo: change it with update-product',
    );
  }
  if (photo) await savePhotoFiles(variantId, photo);
  const outcome = await setStoredVariantPhoto(
    productId,
    { _id: variantId, index },
    photo?.meta ?? null,
  );
  if (outcome === 'moved') {
    if (photo) await deletePhotoFiles(variantId, photo.meta);
    throw conflict(
      'The variants changed while the photo was sent; reload the product and try again',
    );
  }
  if (outcome.previous && outcome.previous.version !== photo?.meta.version) {
    await deletePhotoFiles(variantId, outcome.previous);
  }
  return readBack(productId);
}

/**
 * Gives the product a photo prepared already (an import's): its files first, then the product
 * points at them, then the previous photo's files go.
 */
export async function setProductPhoto(productId: string, photo: PreparedPhoto): Promise<void> {
  await savePhotoFiles(productId, photo);
  const outcome = await updateStoredProduct(productId, { photo: photo.meta });
  if (outcome.kind !== 'updated') {
    await deletePhotoFiles(productId, photo.meta);
    throw notFound('Product not found');
  }
  if (outcome.previous.photo?.version !== photo.meta.version) {
    await deletePhotoFiles(productId, outcome.previous.photo);
  }
}
