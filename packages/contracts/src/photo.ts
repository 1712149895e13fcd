import { PHOTO_WIDTHS, type PhotoWidth } from './photo-urls.js';
import { z } from './zod.js';

export * from './photo-urls.js';

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
