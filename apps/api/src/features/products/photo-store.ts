import mongoose from 'mongoose';
import { ownBytes } from '../../lib/own-bytes.js';
import { PHOTO_SIZES, type PhotoFile, type PhotoSize, type PreparedPhoto } from './renditions.js';

/**
 * Photo bytes, one document per product, version and size, apart from the products so that no
 * product query ever reads them: the only module that reads or writes them, by `_id` only.
 */
const photoFileSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    data: { type: Buffer, required: true },
    contentType: { type: String, required: true },
  },
  { versionKey: false },
);
const PhotoFileModel = mongoose.model('product_photos', photoFileSchema);

/** `<productId>:<version>:<size>`: a new upload never overwrites the bytes a URL points at. */
export const photoFileId = (productId: string, version: string, size: PhotoSize) =>
  `${productId}:${version}:${size}`;

const toDocument = (productId: string, version: string, file: PhotoFile) => ({
  _id: photoFileId(productId, version, file.size),
  data: file.data,
  contentType: file.contentType,
});

/** Stores every file of the photo (again, when it is there already: the same id, the same bytes). */
export const savePhotoFiles = (productId: string, photo: PreparedPhoto) =>
  savePhotoFilesOfMany([{ productId, photo }]);

/** Stores every file of many products' photos (again when there already), in one bulk write. */
export async function savePhotoFilesOfMany(
  photos: readonly { productId: string; photo: PreparedPhoto }[],
) {
  await PhotoFileModel.bulkWrite(
    photos.flatMap(({ productId, photo }) =>
      photo.files.map((file) => {
        const replacement = toDocument(productId, photo.meta.version, file);
        return { replaceOne: { filter: { _id: replacement._id }, replacement, upsert: true } };
      }),
    ),
  );
}

/** The files of many new products' photos at once (a bulk import). */
export async function insertPhotoFiles(
  photos: readonly { productId: string; photo: PreparedPhoto }[],
) {
  await PhotoFileModel.insertMany(
    photos.flatMap(({ productId, photo }) =>
      photo.files.map((file) => toDocument(productId, photo.meta.version, file)),
    ),
    { lean: true },
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

/** The ids of every stored file of a product, sorted (any version). */
export async function photoFileIdsOf(productId: string): Promise<string[]> {
  const files = await PhotoFileModel.find({ _id: { $regex: `^${productId}:` } }, { _id: 1 }).lean();
  return files.map((f) => String(f._id)).sort();
}

export const countPhotoFiles = () => PhotoFileModel.countDocuments();
