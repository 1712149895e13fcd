import { PHOTO_WIDTHS, type PhotoWidth, type ProductPhotoMeta } from '@shop/contracts';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/errors.js';
import { photoEtag, sniffImageType } from './photo.js';

/** The stored sizes of a photo: the original as uploaded and one WebP per rendition width. */
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

/** One WebP rendition, never wider than the original, without the original's metadata. */
const toRendition = (bytes: Buffer, width: PhotoWidth, effort: RenditionEffort) =>
  sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
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
 * Checks the upload (its type is read from the bytes, never from the client's claim) and makes
 * its renditions. Bytes that announce an image but do not decode are refused like any non-image.
 */
export async function preparePhoto(
  bytes: Buffer,
  effort: RenditionEffort = 'upload',
): Promise<PreparedPhoto> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw notAnImage();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
    const [{ width, height, orientation }, color] = await Promise.all([
      image.metadata(),
      dominantColour(image),
    ]);
    if (!width || !height) throw notAnImage();
    // EXIF orientations 5-8 turn the picture a quarter: its shown width is its stored height.
    const turned = (orientation ?? 1) >= 5;
    const renditions = await Promise.all(PHOTO_WIDTHS.map((w) => toRendition(bytes, w, effort)));
    return {
      meta: {
        version: photoEtag(bytes),
        width: turned ? height : width,
        height: turned ? width : height,
        color,
      },
      files: [
        { size: 'orig', data: bytes, contentType },
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
