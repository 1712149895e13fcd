import { preparePhoto } from '../features/products/renditions.js';
import type { Migration } from './migration.js';
import { type PhotoToStore, storePhotoFiles } from './photo-files.js';
import {
  photoBytesInside,
  productIdsWhere,
  replacePhotoBytes,
  setPhotoBytesAside,
} from './products-as-stored.js';

/**
 * Products whose photos are worked on at once: their renditions made together (sharp runs them
 * on its threads), their files written in one bulk write and their products in another.
 */
export const PHOTO_BATCH = 16;

/** The batch's photos read out of their products and prepared; null for bytes that do not decode. */
function prepareBatch(productIds: readonly string[]) {
  return Promise.all(
    productIds.map(async (productId) => {
      const bytes = await photoBytesInside(productId);
      if (!bytes) return { productId, photo: undefined };
      return { productId, photo: await preparePhoto(bytes, 'migration').catch(() => null) };
    }),
  );
}

/** Writes the files, reads them back, and only then removes the bytes from the products. */
async function storeBatch(moved: readonly PhotoToStore[]) {
  await storePhotoFiles(moved);
  await replacePhotoBytes(moved.map(({ productId, photo }) => ({ productId, meta: photo.meta })));
}

/**
 * The versions before photos had their own collection kept a product's photo bytes inside it
 * (`photo.data`). Each is copied out as an upload is prepared (upright, without its metadata,
 * so the product is marked `photosStripped` for the next migration), its renditions made and
 * every file read back, and only then the bytes leave the product, by `_id`, a batch at a time;
 * the next batch's renditions are made while the last one is written. A run that stops midway
 * is finished by the next (the files are written again under the same ids). Bytes that are no
 * image (the product showed no photo) are set aside in `unreadable_product_photos`.
 */
export const migration: Migration = {
  id: '001-photos-to-own-collection',
  name: 'photo bytes move out of the products into their own collection',
  async up({ log, progress, signal }) {
    const ids = await productIdsWhere({ 'photo.data': { $exists: true } });
    let migrated = 0;
    const unreadable: string[] = [];
    let writing: Promise<void> = Promise.resolve();
    for (let first = 0; first < ids.length; first += PHOTO_BATCH) {
      signal.throwIfAborted();
      const prepared = await prepareBatch(ids.slice(first, first + PHOTO_BATCH));
      const moved = prepared.filter((p): p is PhotoToStore => Boolean(p.photo));
      unreadable.push(...prepared.filter((p) => p.photo === null).map((p) => p.productId));
      await writing;
      const done = Math.min(first + PHOTO_BATCH, ids.length);
      writing = storeBatch(moved).then(() => {
        migrated += moved.length;
        progress(done, ids.length);
      });
      // Awaited before the next batch is written, or below; its failure is not left unheard meanwhile.
      writing.catch(() => {});
    }
    await writing;
    if (migrated > 0) log.info(`${migrated} product photos moved to their own collection`);
    if (unreadable.length > 0) {
      await setPhotoBytesAside(unreadable);
      log.warn(
        { products: unreadable },
        'product photos that are no readable image were set aside in unreadable_product_photos',
      );
    }
  },
};
