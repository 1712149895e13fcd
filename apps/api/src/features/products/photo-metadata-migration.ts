import { filesAreStored } from './photo-migration.js';
import { deletePhotoFiles, readPhotoFile, savePhotoFilesOfMany } from './photo-store.js';
import { type PreparedPhoto, preparePhoto } from './renditions.js';
import {
  findProduct,
  idsToMigrate,
  type PhotosAsRead,
  photosToStrip,
  replaceStrippedPhotos,
  type StoredPhoto,
} from './repository.js';

export interface PhotoStripping {
  /** Photos stored again without their metadata in this run. */
  stripped: number;
  /** Products with an original that is no image sharp can read: left as they were. */
  unreadable: string[];
}

/**
 * Products whose photos are stripped at once: their originals prepared together (sharp runs
 * them on its threads), their files written in one bulk write and the products in one change
 * of the catalogue.
 */
export const STRIP_BATCH = 16;

type Stripped = { photo: StoredPhoto; replacement: PreparedPhoto };
type Prepared = { read: PhotosAsRead; stripped: Stripped[] };

/**
 * Every photo of the product prepared again from its stored original, as an upload is: upright,
 * without metadata, with its renditions. Null when one original does not decode; a photo whose
 * original is not stored has nothing to strip.
 */
async function prepareProduct(read: PhotosAsRead): Promise<Prepared | null> {
  const stripped = await Promise.all(
    read.photos.map(async (photo) => {
      const original = await readPhotoFile(photo.ownerId, photo.meta.version, 'orig');
      if (!original) return [];
      const replacement = await preparePhoto(original.data, 'migration').catch(() => null);
      return replacement ? [{ photo, replacement }] : null;
    }),
  );
  if (stripped.some((photos) => photos === null)) return null;
  return { read, stripped: stripped.flatMap((photos) => photos ?? []) };
}

/** The version a photo's owner (the product, or one of its variants) shows now, if any. */
async function versionShown(productId: string, ownerId: string) {
  const product = await findProduct(productId);
  const photo =
    ownerId === productId
      ? product?.photo
      : product?.variants.find((variant) => variant._id === ownerId)?.photo;
  return photo?.version;
}

/** After the product's update: the files it no longer shows go, old or new. */
async function dropUnshownFiles({ read, stripped }: Prepared, updated: boolean) {
  for (const { photo, replacement } of stripped) {
    if (updated) {
      if (photo.meta.version !== replacement.meta.version) {
        await deletePhotoFiles(photo.ownerId, photo.meta);
      }
    } else if ((await versionShown(read.productId, photo.ownerId)) !== replacement.meta.version) {
      // Kept when another process, stripping the same photo at the same time, got there first.
      await deletePhotoFiles(photo.ownerId, replacement.meta);
    }
  }
}

/**
 * Strips the photos of one batch of products: the files written and read back before the
 * products point at them. The ids of those changed since they were read, to read again.
 */
async function stripBatch(ids: readonly string[], result: PhotoStripping): Promise<string[]> {
  const read = (await Promise.all(ids.map(photosToStrip))).filter(
    (product): product is PhotosAsRead => product !== null,
  );
  const prepared = await Promise.all(read.map(prepareProduct));
  result.unreadable.push(...read.filter((_, i) => prepared[i] === null).map((p) => p.productId));
  const ready = prepared.filter((product): product is Prepared => product !== null);
  const files = ready.flatMap(({ stripped }) =>
    stripped.map(({ photo, replacement }) => ({ productId: photo.ownerId, photo: replacement })),
  );
  if (files.length > 0) await savePhotoFilesOfMany(files);
  const stored = await Promise.all(files.map(filesAreStored));
  const torn = files.find((_, i) => !stored[i]);
  if (torn)
    throw new Error(`The photo stored under ${torn.productId} did not read back as written`);
  const updated = await replaceStrippedPhotos(
    ready.map(({ read, stripped }) => ({
      read,
      stripped: new Map(
        stripped.map(({ photo, replacement }) => [photo.ownerId, replacement.meta]),
      ),
    })),
  );
  await Promise.all(ready.map((product, i) => dropUnshownFiles(product, updated[i] === true)));
  result.stripped += ready
    .filter((_, i) => updated[i])
    .reduce((count, { stripped }) => count + stripped.length, 0);
  return ready.filter((_, i) => !updated[i]).map(({ read }) => read.productId);
}

/**
 * Stores the photos of products of earlier versions (their own and their variants') again as an
 * upload is stored now: upright, without the metadata a camera wrote (its make, where the photo
 * was taken). Each under a new version, so a browser holding the old one gets the new bytes
 * (its ETag changes, as do the renditions' URLs); the old files go once the product points at
 * the new ones. A batch of products at a time, by `_id`; a product is marked once done and never
 * stripped again, so a run that stops midway is finished by the next. A product changed while
 * its photos were prepared is read again. `productIds`: those `idsToMigrate` gave, when the
 * caller has them already; `onProgress` hears how many are done after each batch.
 */
export async function stripPhotoMetadata(
  productIds?: readonly string[],
  onProgress?: (done: number, total: number) => void,
): Promise<PhotoStripping> {
  const ids = productIds ?? (await idsToMigrate());
  const result: PhotoStripping = { stripped: 0, unreadable: [] };
  for (let first = 0; first < ids.length; first += STRIP_BATCH) {
    let batch = ids.slice(first, first + STRIP_BATCH);
    while (batch.length > 0) batch = await stripBatch(batch, result);
    onProgress?.(Math.min(first + STRIP_BATCH, ids.length), ids.length);
  }
  return result;
}
