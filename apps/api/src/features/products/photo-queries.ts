import type { ProductPhotoMeta } from '@shop/contracts';
import { LRUCache } from 'lru-cache';
import { notFound } from '../../lib/errors.js';
import { currentCatalogue } from '../catalogue/index.js';
import { readPhotoFile } from './photo-store.js';
import type { PhotoFile, PhotoSize } from './renditions.js';
import { findProduct } from './repository/reads.js';

const photoNotFound = () => notFound('Photo not found');

/**
 * The photo metadata of a product, or of a variant with a photo of its own (by the variant's
 * id): from the in-process catalogue, so a 304 or a versioned URL asks the database nothing;
 * from the product's (small) document by `_id` when the catalogue does not know the product
 * yet (created by another process in the last moments). Never the bytes.
 */
export async function getPhotoMeta(productId: string): Promise<ProductPhotoMeta> {
  const catalogue = await currentCatalogue();
  const known =
    catalogue.productById(productId)?.product.photo ?? catalogue.variantById(productId)?.photo;
  if (known) return known;
  const meta = (await findProduct(productId))?.photo;
  if (!meta) throw photoNotFound();
  return meta;
}

/**
 * The files read lately, by product, version and size: a version is the hash of the original,
 * so its files never change, and they outlive the catalogue's answers, which every change (a
 * checkout's stock) drops. 16 MB holds every 320 px card of about 2,000 products; one file
 * may take an eighth of it.
 */
const PHOTO_CACHE_BYTES = 8 * 1024 * 1024;
/** What a file costs besides its bytes (its key, its objects). */
const FILE_OVERHEAD = 256;
const recentFiles = new LRUCache<string, PhotoFile>({
  maxSize: PHOTO_CACHE_BYTES,
  maxEntrySize: PHOTO_CACHE_BYTES / 8,
  sizeCalculation: (file, key) => FILE_OVERHEAD + key.length + file.data.length,
});

/** One stored file of the photo's current version: from memory, else read by `_id`. */
export async function getPhotoFile(
  productId: string,
  meta: ProductPhotoMeta,
  size: PhotoSize,
): Promise<PhotoFile> {
  const key = `${productId}:${meta.version}:${size}`;
  const cached = recentFiles.get(key);
  if (cached) return cached;
  const file = await readPhotoFile(productId, meta.version, size);
  if (!file) throw photoNotFound();
  recentFiles.set(key, file);
  return file;
}
