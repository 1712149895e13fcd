/** Product photos are 4:3; fixed sizes keep the page from jumping while they arrive. */
const SIZES = {
  card: { width: 288, height: 216 },
  large: { width: 480, height: 360 },
  thumb: { width: 120, height: 90 },
} as const;

export function ProductPhoto(props: {
  productId: string;
  name: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { width, height } = SIZES[props.size ?? 'card'];
  return (
    <img
      className={props.className ?? 'product-photo'}
      src={`/api/v1/product/product-photo/${props.productId}`}
      alt={props.name}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}
