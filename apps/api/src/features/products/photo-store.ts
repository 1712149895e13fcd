import mongoose from 'mongoose';
import { ownBytes } from '../../lib/own-bytes.js';
import { PHOTO_SIZES, type PhotoFile, type PhotoSize, type PreparedPhoto } from './renditions.js';

/**
 * Photo bytes, one document per product, version and size, apart from the products so that no
 * product query ever reads them. Read and written by `_id` only.
 */
const photoFileSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    data: { type: Buffer, required: true },
    contentType: { type: String, required: true },
  },
  { versionKey: false },
);
export const PhotoFileModel = mongoose.model('product_photos', photoFileSchema);

/** `<productId>:<version>:<size>`: a new upload never overwrites the bytes a URL points at. */
export const photoFileId = (productId: string, version: string, size: PhotoSize) =>
  `${productId}:${version}:${size}`;

/** Stores every file of the photo (again, when it is there already: the same id, the same bytes). */
export async function savePhotoFiles(productId: string, photo: PreparedPhoto) {
  await PhotoFileModel.bulkWrite(
    photo.files.map((file) => {
      const _id = photoFileId(productId, photo.meta.version, file.size);
      return {
        replaceOne: {
          filter: { _id },
          replacement: { _id, data: file.data, contentType: file.contentType },
          upsert: true,
        },
      };
    }),
  );
}

/** One stored file of a product's photo, or null. */
export async function readPhotoFile(
  productId: string,
  version: string,
  size: PhotoSize,
): Promise<PhotoFile | null> {
  // Lean: the bytes alone, not a document that their Buffer would keep alive in a cache.
  const doc = await PhotoFileModel.findById(photoFileId(productId, version, size)).lean<{
    data: { buffer: Uint8Array };
    contentType: string;
  }>();
  return doc ? { size, data: ownBytes(doc.data.buffer), contentType: doc.contentType } : null;
}

/** Removes every file of one version of a product's photo (none when it has no photo). */
export async function deletePhotoFiles(
  productId: string,
  photo: { version?: string | null } | null | undefined,
) {
  const version = photo?.version;
  if (!version) return;
  // One delete per file, each by `_id` alone: FerretDB scans the whole collection for `$in`.
  await Promise.all(
    PHOTO_SIZES.map((size) =>
      PhotoFileModel.deleteOne({ _id: photoFileId(productId, version, size) }),
    ),
  );
}
