import type { ProductPhotoMeta } from '@shop/contracts';
// Without zod: the storefront's screens load none (photo URLs are plain functions).
import {
  type PhotoWidth,
  photoRenditionUrl,
  photoSrcSet,
  productPhotoUrl,
} from '@shop/contracts/photo-urls';
import './ProductPhoto.css';

/**
 * Product photos show in 4:3 boxes of fixed size, so the page never jumps while they arrive.
 * `sizes` tells the browser how wide each box is, so it picks the rendition it needs from
 * `srcset`; `src` is the rendition that fits the box on a 1× screen.
 */
const SIZES = {
  card: { width: 288, height: 216, sizes: '288px', src: 320 },
  large: { width: 480, height: 360, sizes: '(max-width: 48rem) 100vw, 480px', src: 640 },
  thumb: { width: 120, height: 90, sizes: '120px', src: 320 },
} as const satisfies Record<
  string,
  { width: number; height: number; sizes: string; src: PhotoWidth }
>;

export function ProductPhoto(props: {
  productId: string;
  name: string;
  /** The photo's metadata; without it (a cart saved by an older version) the original shows. */
  photo?: ProductPhotoMeta | null | undefined;
  size?: keyof typeof SIZES;
  /**
   * Shown at once, so never fetched lazily: `high` is the page's main photo (the details page's,
   * the first card's: the largest paint a phone shows), fetched before anything else; `eager`
   * a photo of the first row, which a wide screen shows too, fetched in the page's own order.
   */
  priority?: 'high' | 'eager';
  className?: string;
}) {
  const { width, height, sizes, src } = SIZES[props.size ?? 'card'];
  const { photo, productId } = props;
  return (
    <img
      className={props.className ?? 'product-photo'}
      src={photo ? photoRenditionUrl(productId, photo, src) : productPhotoUrl(productId)}
      {...(photo ? { srcSet: photoSrcSet(productId, photo), sizes } : {})}
      alt={props.name}
      width={width}
      height={height}
      loading={props.priority ? 'eager' : 'lazy'}
      fetchPriority={props.priority === 'high' ? 'high' : 'auto'}
      decoding="async"
      {...(photo ? { style: { backgroundColor: photo.color } } : {})}
    />
  );
}
