import { readPhotoFile, savePhotoFilesOfMany } from './photo-store.js';
import { isRenditionOf, type PreparedPhoto, preparePhoto } from './renditions.js';
import { idsToMigrate, photoBytesInside, replacePhotoBytes } from './repository.js';

export interface PhotoMigration {
  /** Products whose photo moved to its own collection in this run. */
  migrated: number;
  /** Products whose stored bytes are no image sharp can read: left as they were. */
  unreadable: string[];
}

/**
 * Products whose photos are worked on at once: their renditions made together (sharp runs them
 * on its threads), their files written in one bulk write and their products in another.
 */
export const PHOTO_BATCH = 16;

type Moved = { productId: string; photo: PreparedPhoto };

/** Every stored file reads back as it was made: the original byte for byte, each rendition. */
export async function filesAreStored({ productId, photo }: Moved) {
  const checks = await Promise.all(
    photo.files.map(async ({ size }) => {
      const stored = await readPhotoFile(productId, photo.meta.version, size);
      return stored !== null && (await isRenditionOf(photo.meta, stored));
    }),
  );
  return checks.every(Boolean);
}

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
async function storeBatch(moved: readonly Moved[]) {
  await savePhotoFilesOfMany(moved);
  const stored = await Promise.all(moved.map(filesAreStored));
  const torn = moved.find((_, i) => !stored[i]);
  if (torn) throw new Error(`The photo of product ${torn.productId} did not read back as written`);
  await replacePhotoBytes(moved.map(({ productId, photo }) => ({ productId, meta: photo.meta })));
}

/**
 * Moves the photos of products written before photos had their own collection (bytes in
 * `photo.data`): copies them out, makes and checks the renditions, and only then removes the
 * bytes from the products, by `_id`, a batch at a time; the next batch's renditions are made
 * while the last one is written. A run that stops midway is finished by the next one (the files
 * are written again under the same ids); nothing is lost. `productIds`: those `idsToMigrate`
 * gave, when the caller has them already; `onProgress` hears how many are done after each batch.
 */
export async function migrateProductPhotos(
  productIds?: readonly string[],
  onProgress?: (done: number, total: number) => void,
): Promise<PhotoMigration> {
  const ids = productIds ?? (await idsToMigrate());
  const result: PhotoMigration = { migrated: 0, unreadable: [] };
  let writing: Promise<void> = Promise.resolve();
  for (let first = 0; first < ids.length; first += PHOTO_BATCH) {
    const prepared = await prepareBatch(ids.slice(first, first + PHOTO_BATCH));
    const moved = prepared.filter((p): p is Moved => Boolean(p.photo));
    result.unreadable.push(...prepared.filter((p) => p.photo === null).map((p) => p.productId));
    await writing;
    const done = Math.min(first + PHOTO_BATCH, ids.length);
    writing = storeBatch(moved).then(() => {
      result.migrated += moved.length;
      onProgress?.(done, ids.length);
    });
    // Awaited before the next batch is written, or below; its failure is not left unheard meanwhile.
    writing.catch(() => {});
  }
  await writing;
  return result;
}
