import { PHOTO_WIDTHS, type PhotoWidth, type ProductPhotoMeta } from '@shop/contracts';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/errors.js';
import { type ImageType, photoEtag, sniffImageType } from './photo.js';

/**
 * The stored sizes of a photo: the original (upright, without its metadata) and one WebP per
 * rendition width.
 */
export type PhotoSize = 'orig' | `w${PhotoWidth}`;
export const renditionSize = (width: PhotoWidth): PhotoSize => `w${width}`;
export const PHOTO_SIZES: readonly PhotoSize[] = ['orig', ...PHOTO_WIDTHS.map(renditionSize)];

export interface PhotoFile {
  size: PhotoSize;
  data: Buffer;
  contentType: string;
}

/** A photo ready to store: what the product keeps of it, and its files. */
export interface PreparedPhoto {
  meta: ProductPhotoMeta;
  files: PhotoFile[];
}

/** Far above any camera photo under the upload limit; a "pixel bomb" is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 72;

const notAnImage = () => badRequest('Photo must be a JPEG, PNG, GIF or WebP image');

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * How hard the WebP encoder works (sharp's 0-6, 4 by default) for an upload, and for the many
 * photos a migration moves at once: at 2 their renditions cost half the CPU, and came out
 * within 3% of the bytes of the demo photos' (the same quality).
 */
export type RenditionEffort = 'upload' | 'migration';
const WEBP_EFFORT: Record<RenditionEffort, number> = { upload: 4, migration: 2 };

/**
 * Quality of a lossy original written again (JPEG, WebP): it is the photo every rendition is
 * made from and the one `product-photo/{id}` serves, so well above a rendition's.
 */
const ORIGINAL_QUALITY = 90;

/** Each format written as itself; PNG and GIF losslessly (GIF re-using its palette). */
const SAME_FORMAT: Record<ImageType, (image: sharp.Sharp) => sharp.Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: ORIGINAL_QUALITY }),
  'image/png': (image) => image.png(),
  'image/gif': (image) => image.gif(),
  'image/webp': (image) => image.webp({ quality: ORIGINAL_QUALITY }),
};

/**
 * The upload written again in its own format, turned as its EXIF orientation says and without
 * any metadata (sharp keeps none unless asked): a phone's photo names the camera and where it
 * was taken, and an encoder that writes only the pixels leaves no segment, comment or trailer
 * behind. Every frame of an animation is kept, as stored: sharp turns no animation.
 */
async function withoutMetadata(bytes: Buffer, type: ImageType) {
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: true });
  const { pages = 1 } = await input.metadata();
  return SAME_FORMAT[type](pages > 1 ? input : input.rotate()).toBuffer();
}

/** One WebP rendition of the (upright) original, never wider than it. */
const toRendition = (original: Buffer, width: PhotoWidth, effort: RenditionEffort) =>
  sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT[effort] })
    .toBuffer();

/**
 * Photos are measured for their dominant colour on a copy this wide: the most common colour
 * of a thumbnail is the photo's (on every demo photo), and reading it from the whole photo
 * took a sixth of the work of preparing one.
 */
const DOMINANT_FROM_WIDTH = 160;

/** The colour most of the photo is (sharp's 16-level histogram), as its placeholder shows it. */
async function dominantColour(image: sharp.Sharp) {
  const thumbnail = await image
    .clone()
    .resize({ width: DOMINANT_FROM_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { dominant } = await sharp(thumbnail.data, { raw: thumbnail.info }).stats();
  return `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
}

/**
 * Checks the upload (its type is read from the bytes, never from the client's claim), writes
 * its original without metadata and makes the renditions from that. Bytes that announce an
 * image but do not decode are refused like any non-image.
 */
export async function preparePhoto(
  bytes: Buffer,
  effort: RenditionEffort = 'upload',
): Promise<PreparedPhoto> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw notAnImage();
  try {
    const original = await withoutMetadata(bytes, contentType);
    const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
    const [{ width, height }, color] = await Promise.all([image.metadata(), dominantColour(image)]);
    if (!width || !height) throw notAnImage();
    const renditions = await Promise.all(PHOTO_WIDTHS.map((w) => toRendition(original, w, effort)));
    return {
      meta: { version: photoEtag(original), width, height, color },
      files: [
        { size: 'orig', data: original, contentType },
        ...renditions.map((data, i) => ({
          size: renditionSize(PHOTO_WIDTHS[i] as PhotoWidth),
          data,
          contentType: 'image/webp',
        })),
      ],
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notAnImage();
  }
}

/** True when the rendition is a WebP of the expected width (the original's, when narrower). */
export async function isRenditionOf(meta: ProductPhotoMeta, file: PhotoFile): Promise<boolean> {
  if (file.size === 'orig') return photoEtag(file.data) === meta.version;
  const wanted = Math.min(Number(file.size.slice(1)), meta.width);
  const info = await sharp(file.data)
    .metadata()
    .catch(() => null);
  return info?.format === 'webp' && info.width === wanted;
}
