import type mongoose from 'mongoose';
import { catalogChanged } from '../catalog/index.js';
import { ProductModel } from './model.js';
import { readPhotoFile, savePhotoFiles } from './photo-store.js';
import { isRenditionOf, preparePhoto } from './renditions.js';

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
 */
export async function migrateProductPhotos(): Promise<PhotoMigration> {
  const products = ProductModel.collection;
  const legacy = await products
    .find({ 'photo.data': { $exists: true } }, { projection: { _id: 1 } })
    .toArray();
  const result: PhotoMigration = { migrated: 0, unreadable: [] };
  const migratedIds: string[] = [];
  for (const { _id } of legacy) {
    const doc = await products.findOne({ _id }, { projection: { 'photo.data': 1 } });
    const data = (doc?.photo as { data?: mongoose.mongo.Binary } | undefined)?.data;
    if (!data) continue;
    const productId = String(_id);
    const photo = await preparePhoto(Buffer.from(data.buffer)).catch(() => null);
    if (!photo) {
      result.unreadable.push(productId);
      continue;
    }
    await savePhotoFiles(productId, photo);
    if (!(await filesAreStored(productId, photo))) {
      throw new Error(`The photo of product ${productId} did not read back as written`);
    }
    await products.updateOne(
      { _id },
      {
        $set: {
          'photo.version': photo.meta.version,
          'photo.width': photo.meta.width,
          'photo.height': photo.meta.height,
          'photo.color': photo.meta.color,
        },
        $unset: { 'photo.data': '', 'photo.contentType': '', 'photo.etag': '' },
      },
    );
    result.migrated += 1;
    migratedIds.push(productId);
  }
  // Their documents changed (photo metadata): every API process reloads them.
  if (migratedIds.length > 0) await catalogChanged({ productIds: migratedIds });
  return result;
}
