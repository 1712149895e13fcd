import { z } from 'zod';

/**
 * Widths of the WebP renditions made at upload: a card (about 290 px) on a 1× screen, a card on a
 * 2× screen or the details page (480 px) on a 1× screen, the details page on a 2× screen.
 */
export const PHOTO_WIDTHS = [320, 640, 960] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** What a product keeps of its photo: never the bytes. */
export const productPhotoSchema = z
  .object({
    /** The content hash of the original; a new upload gets a new version, so new URLs. */
    version: z.string(),
    /** The original's size in pixels. */
    width: z.number().int(),
    height: z.number().int(),
    /** A colour to show while the photo loads (`#rrggbb`). */
    color: z.string(),
  })
  .meta({ id: 'ProductPhoto' });
export type ProductPhotoMeta = z.infer<typeof productPhotoSchema>;

/** The spec's URL of a product's photo: the original as uploaded, revalidated with its ETag. */
export const productPhotoUrl = (productId: string) => `/api/v1/product/product-photo/${productId}`;

/** A rendition's URL: its bytes never change, so browsers keep it for good. */
export const photoRenditionUrl = (productId: string, photo: ProductPhotoMeta, width: PhotoWidth) =>
  `${productPhotoUrl(productId)}?v=${photo.version}&w=${width}`;

/** A rendition is never wider than the original: the widths it really has, each once. */
export function photoRenditions(photo: ProductPhotoMeta) {
  const seen = new Set<number>();
  return PHOTO_WIDTHS.flatMap((width) => {
    const actual = Math.min(width, photo.width);
    if (seen.has(actual)) return [];
    seen.add(actual);
    return [{ width, actual }];
  });
}

/** The `srcset` of a product photo, e.g. `…?v=…&w=320 320w, …?v=…&w=640 640w`. */
export const photoSrcSet = (productId: string, photo: ProductPhotoMeta) =>
  photoRenditions(photo)
    .map(({ width, actual }) => `${photoRenditionUrl(productId, photo, width)} ${actual}w`)
    .join(', ');

const VERSION = /^[0-9a-f]{64}$/;
const widthText = PHOTO_WIDTHS.join(', ');

/**
 * The query of `product-photo/{id}`: nothing (the original), or a version and a width together
 * (a rendition).
 */
export const productPhotoQuerySchema = z
  .object({
    v: z.string().regex(VERSION, 'v must be a photo version').optional(),
    w: z
      .string()
      .refine(
        (w) => PHOTO_WIDTHS.some((width) => String(width) === w),
        `w must be one of ${widthText}`,
      )
      .transform((w) => Number(w) as PhotoWidth)
      .optional(),
  })
  .refine((q) => (q.v === undefined) === (q.w === undefined), 'v and w go together');
export type ProductPhotoQuery = z.output<typeof productPhotoQuerySchema>;
