import type { Product, ProductFormValues } from '@shop/contracts';
import mongoose from 'mongoose';
import { badRequest, conflict, notFound, rethrowDuplicateAs } from '../../lib/errors.js';
import { requireSlug } from '../../lib/slug.js';
import { catalogChanged, currentCatalog } from '../catalog/index.js';
import { CategoryModel } from '../categories/model.js';
import { findOneProduct, type ProductDoc, ProductModel, toProduct } from './model.js';
import { deletePhotoFiles, savePhotoFiles } from './photo-store.js';
import { preparePhoto } from './renditions.js';
import { rewriteProduct } from './rewrite.js';
import { underStockLock } from './stock-lock.js';

const alreadyExists = () => conflict('Product Already Exists');
/** A unique-index clash: another admin saved the same name between our check and our write. */
const onDuplicateName = rethrowDuplicateAs(alreadyExists);
const missingCategory = () => badRequest('Category does not exist');

const categoryExists = async (categoryId: string) =>
  Boolean(await CategoryModel.exists({ _id: categoryId }));

async function readBack(productId: unknown): Promise<Product> {
  const product = await findOneProduct({ _id: productId });
  if (!product) throw notFound('Product not found');
  return toProduct(product);
}

export async function createProduct(
  form: ProductFormValues,
  photoBytes: Buffer | undefined,
): Promise<Product> {
  if (!photoBytes) throw badRequest('Photo is required');
  const photo = await preparePhoto(photoBytes);
  const slug = requireSlug(form.name);
  if (!(await categoryExists(form.category))) throw missingCategory();
  if ((await currentCatalog()).productBySlug(slug)) throw alreadyExists();
  // The files first: a product never points at a photo that is not stored yet.
  const _id = new mongoose.Types.ObjectId();
  await savePhotoFiles(String(_id), photo);
  const dropPhoto = () => deletePhotoFiles(String(_id), photo.meta);
  await ProductModel.create({
    ...form,
    _id,
    shipping: form.shipping ?? 0,
    slug,
    photo: photo.meta,
  }).catch(async (err: unknown) => {
    await dropPhoto();
    return onDuplicateName(err);
  });
  // Pairs with deleteCategory's re-check (FerretDB v1 has no transactions): when the category
  // was deleted while we saved, one side notices, so no product is left without a category.
  if (!(await categoryExists(form.category))) {
    await ProductModel.deleteOne({ _id });
    await dropPhoto();
    throw missingCategory();
  }
  await catalogChanged({ productIds: [String(_id)] });
  return readBack(_id);
}

/** Replaces the product's fields; shipping and the photo change only when sent. */
export async function updateProduct(
  productId: string,
  form: ProductFormValues,
  photoBytes: Buffer | undefined,
): Promise<Product> {
  const previous = await ProductModel.findById(productId).lean<ProductDoc>();
  if (!previous) throw notFound('Product not found');
  const photo = photoBytes ? await preparePhoto(photoBytes) : undefined;
  const slug = requireSlug(form.name);
  if (!(await categoryExists(form.category))) throw missingCategory();
  const sameSlug = (await currentCatalog()).productBySlug(slug);
  if (sameSlug && sameSlug.product._id !== productId) throw alreadyExists();
  const { shipping, previousQuantity, ...fields } = form;
  const changes = {
    ...fields,
    slug,
    ...(shipping === undefined ? {} : { shipping }),
    ...(photo ? { photo: photo.meta } : {}),
  };
  // The new files first; afterwards only the version the product points at keeps its files.
  if (photo) await savePhotoFiles(productId, photo);
  const replacesPhoto = photo !== undefined && photo.meta.version !== previous.photo?.version;
  // Read and written by `_id` alone under the stock lock (see rewriteProduct), so the lock is
  // held for milliseconds and a checkout cannot write in between.
  const written = await underStockLock(productId, () =>
    rewriteProduct(productId, ({ quantity }) => {
      if (previousQuantity !== undefined && quantity !== previousQuantity) {
        throw stockChanged(Number(quantity));
      }
      return changes;
    }).catch(onDuplicateName),
  ).catch(async (err: unknown) => {
    if (replacesPhoto) await deletePhotoFiles(productId, photo?.meta);
    throw err;
  });
  if (!written) {
    if (replacesPhoto) await deletePhotoFiles(productId, photo?.meta);
    throw notFound('Product not found');
  }
  if (replacesPhoto) await deletePhotoFiles(productId, previous.photo);
  // The same re-check as on create; the product keeps its previous category.
  if (!(await categoryExists(form.category))) {
    await underStockLock(productId, () =>
      rewriteProduct(productId, () => ({ category: previous.category })),
    );
    await catalogChanged({ productIds: [productId] });
    throw missingCategory();
  }
  await catalogChanged({ productIds: [productId] });
  return readBack(productId);
}

/** A checkout changed the stock since the admin opened the product. */
const stockChanged = (inStock: number) =>
  conflict(
    `Stock changed while you were editing (${inStock} left now); reload the product and try again`,
  );

/** Deletes the product and then its photo's files. */
export async function deleteProduct(productId: string): Promise<void> {
  const product = await ProductModel.findById(productId, { photo: 1 }).lean<ProductDoc>();
  const { deletedCount } = await ProductModel.deleteOne({ _id: productId });
  if (!deletedCount) throw notFound('Product not found');
  await deletePhotoFiles(productId, product?.photo);
  await catalogChanged({ productIds: [productId] });
}
