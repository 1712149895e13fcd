import { readPhotoFile, savePhotoFilesOfMany } from '../features/products/photo-store.js';
import { isRenditionOf, type PreparedPhoto } from '../features/products/renditions.js';

/** A photo prepared as an upload is, to be stored under its owner's id (a product's or a variant's). */
export interface PhotoToStore {
  productId: string;
  photo: PreparedPhoto;
}

/** Every stored file reads back as it was made: the original byte for byte, each rendition. */
async function filesAreStored({ productId, photo }: PhotoToStore) {
  const checks = await Promise.all(
    photo.files.map(async ({ size }) => {
      const stored = await readPhotoFile(productId, photo.meta.version, size);
      return stored !== null && (await isRenditionOf(photo.meta, stored));
    }),
  );
  return checks.every(Boolean);
}

/**
 * Writes the photos' files in one bulk write and reads every one back; throws when one did not
 * read back as written, before any product points at it.
 */
export async function storePhotoFiles(photos: readonly PhotoToStore[]): Promise<void> {
  if (photos.length === 0) return;
  await savePhotoFilesOfMany(photos);
  const stored = await Promise.all(photos.map(filesAreStored));
  const torn = photos.find((_, i) => !stored[i]);
  if (torn)
    throw new Error(`The photo stored under ${torn.productId} did not read back as written`);
}
