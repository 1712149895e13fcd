/**
 * A product photo's URLs, without zod: the web's entry chunk builds them to request the first
 * screen's photos before the rest of the app (and the schemas) has arrived.
 */

/**
 * Widths of the WebP renditions made at upload: a card (about 290 px) on a 1× screen, a card on a
 * 2× screen or the details page (480 px) on a 1× screen, the details page on a 2× screen.
 */
export const PHOTO_WIDTHS = [320, 640, 960] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** What a photo's URLs are made of (a ProductPhotoMeta has it). */
export interface PhotoVersion {
  /** The content hash of the original. */
  version: string;
  /** The original's width in pixels. */
  width: number;
}

/**
 * The spec's URL of a product's photo: the original (stored without its metadata), revalidated
 * with its ETag.
 */
export const productPhotoUrl = (productId: string) => `/api/v1/product/product-photo/${productId}`;

/** A rendition's URL: its bytes never change, so browsers keep it for good. */
export const photoRenditionUrl = (productId: string, photo: PhotoVersion, width: PhotoWidth) =>
  `${productPhotoUrl(productId)}?v=${photo.version}&w=${width}`;

/** A rendition is never wider than the original: the widths it really has, each once. */
export function photoRenditions(photo: PhotoVersion) {
  const seen = new Set<number>();
  return PHOTO_WIDTHS.flatMap((width) => {
    const actual = Math.min(width, photo.width);
    if (seen.has(actual)) return [];
    seen.add(actual);
    return [{ width, actual }];
  });
}

/** The `srcset` of a product photo, e.g. `…?v=…&w=320 320w, …?v=…&w=640 640w`. */
export const photoSrcSet = (productId: string, photo: PhotoVersion) =>
  photoRenditions(photo)
    .map(({ width, actual }) => `${photoRenditionUrl(productId, photo, width)} ${actual}w`)
    .join(', ');
