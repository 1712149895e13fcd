import { readPhotoFile, savePhotoFiles } from './photo-store.js';
import { isRenditionOf, preparePhoto } from './renditions.js';
import { idsToMigrate, photoBytesInside, replacePhotoBytes } from './repository.js';

export interface PhotoMigration {
  /** Products whose photo moved to its own collection in this run. */
  migrated: number;
  /** Products whose stored bytes are no image sharp can read: left as they were. */
  unreadable: string[];
}

/** Every stored file reads back as it was made: the original byte for byte, each rendition. */
async function filesAreStored(productId: string, photo: Awaited<ReturnType<typeof preparePhoto>>) {
  for (const { size } of photo.files) {
    const stored = await readPhotoFile(productId, photo.meta.version, size);
    if (!stored || !(await isRenditionOf(photo.meta, stored))) return false;
  }
  return true;
}

/**
 * Moves the photos of products written before photos had their own collection (bytes in
 * `photo.data`): copies them out, makes and checks the renditions, and only then removes the
 * bytes from the product, by `_id`. Each product is done on its own, so a run that stops midway
 * is finished by the next one (the files are written again under the same ids); nothing is lost.
 * `productIds`: those `idsToMigrate` gave, when the caller has them already.
 */
export async function migrateProductPhotos(
  productIds?: readonly string[],
): Promise<PhotoMigration> {
  const result: PhotoMigration = { migrated: 0, unreadable: [] };
  for (const productId of productIds ?? (await idsToMigrate())) {
    const bytes = await photoBytesInside(productId);
    if (!bytes) continue;
    const photo = await preparePhoto(bytes).catch(() => null);
    if (!photo) {
      result.unreadable.push(productId);
      continue;
    }
    await savePhotoFiles(productId, photo);
    if (!(await filesAreStored(productId, photo))) {
      throw new Error(`The photo of product ${productId} did not read back as written`);
    }
    await replacePhotoBytes(productId, photo.meta);
    result.migrated += 1;
  }
  return result;
}
