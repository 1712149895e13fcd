import { deletePhotoFiles, readPhotoFile } from '../features/products/photo-store.js';
import { type PreparedPhoto, preparePhoto } from '../features/products/renditions.js';
import type { Migration } from './migration.js';
import { storePhotoFiles } from './photo-files.js';
import {
  type PhotosAsRead,
  photosToStrip,
  photoVersionShown,
  productIdsWhere,
  replaceStrippedPhotos,
  type StoredPhoto,
} from './products-as-stored.js';

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

/** After the product's update: the files it no longer shows go, old or new. */
async function dropUnshownFiles({ read, stripped }: Prepared, updated: boolean) {
  for (const { photo, replacement } of stripped) {
    if (updated) {
      if (photo.meta.version !== replacement.meta.version) {
        await deletePhotoFiles(photo.ownerId, photo.meta);
      }
    } else if (
      (await photoVersionShown(read.productId, photo.ownerId)) !== replacement.meta.version
    ) {
      // Kept when another process, stripping the same photo at the same time, got there first.
      await deletePhotoFiles(photo.ownerId, replacement.meta);
    }
  }
}

interface Stripping {
  stripped: number;
  unreadable: string[];
}

/**
 * Strips the photos of one batch of products: the files written and read back before the
 * products point at them. The ids of those changed since they were read, to read again.
 */
async function stripBatch(ids: readonly string[], result: Stripping): Promise<string[]> {
  const read = (await Promise.all(ids.map(photosToStrip))).filter(
    (product): product is PhotosAsRead => product !== null,
  );
  const prepared = await Promise.all(read.map(prepareProduct));
  result.unreadable.push(...read.filter((_, i) => prepared[i] === null).map((p) => p.productId));
  const ready = prepared.filter((product): product is Prepared => product !== null);
  await storePhotoFiles(
    ready.flatMap(({ stripped }) =>
      stripped.map(({ photo, replacement }) => ({ productId: photo.ownerId, photo: replacement })),
    ),
  );
  const updated = await replaceStrippedPhotos(
    ready.map(({ read, stripped }) => ({
      read,
      photos: new Map(stripped.map(({ photo, replacement }) => [photo.ownerId, replacement.meta])),
    })),
  );
  await Promise.all(ready.map((product, i) => dropUnshownFiles(product, updated[i] === true)));
  result.stripped += ready
    .filter((_, i) => updated[i])
    .reduce((count, { stripped }) => count + stripped.length, 0);
  return ready.filter((_, i) => !updated[i]).map(({ read }) => read.productId);
}

/**
 * The versions before this one stored an upload's photo with the metadata a camera wrote (its
 * make, where the photo was taken). Every product not marked `photosStripped` has its photos
 * (its own and its variants') stored again as an upload is now: upright, without metadata, each
 * under a new version, so a browser holding the old one gets the new bytes (its ETag changes,
 * as do the renditions' URLs); the old files go once the product points at the new ones. A
 * batch at a time, by `_id`; a product changed while its photos were prepared is read again.
 * Originals that do not decode leave their product as it was (logged: upload them again).
 */
export const migration: Migration = {
  id: '002-photos-without-metadata',
  name: "photos stored again without the camera's metadata",
  async up({ log, progress, signal }) {
    const ids = await productIdsWhere({ photosStripped: { $exists: false } });
    const result: Stripping = { stripped: 0, unreadable: [] };
    for (let first = 0; first < ids.length; first += STRIP_BATCH) {
      signal.throwIfAborted();
      let batch = ids.slice(first, first + STRIP_BATCH);
      while (batch.length > 0) batch = await stripBatch(batch, result);
      progress(Math.min(first + STRIP_BATCH, ids.length), ids.length);
    }
    if (result.stripped > 0) {
      log.info(`${result.stripped} product photos stored again without their metadata`);
    }
    if (result.unreadable.length > 0) {
      log.warn(
        { products: result.unreadable },
        'product photos whose original is no readable image keep their metadata: upload them again',
      );
    }
  },
};
