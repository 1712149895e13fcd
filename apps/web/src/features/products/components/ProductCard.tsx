import type { Product } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink';
import { RatingLine } from '../../../components/Stars';
import { preview } from '../../../lib/format';
import { AddToCartButton } from './AddToCartButton';
import { Price, pricesDiffer } from './Price';
import { ProductPhoto } from './ProductPhoto';
import './ProductCard.css';

const CARD_PREVIEW = 60;
/**
 * Cards a 1280×800 screen shows at once (two rows of three, the home page's first page): their
 * photos are fetched at once, not lazily, the first of them (all a phone shows, its largest
 * paint) before anything else. Six photos fetched first held a phone's first one back.
 */
const FIRST_SCREEN = 6;

/** More than one variant to choose from (a product without options has exactly one). */
const hasChoices = (product: Product) => product.variants.length > 1;

/**
 * A shopper's product card: More Details opens the product, ADD TO CART adds one unit. A product
 * sold in several variants cannot be added without choosing one: its card says CHOOSE OPTIONS
 * and opens the product page, where the pickers are (sold out, it keeps the disabled ADD TO CART).
 */
export function ProductCard({
  product,
  previewLength = CARD_PREVIEW,
  priority,
}: {
  product: Product;
  previewLength?: number;
  priority?: 'high' | 'eager' | undefined;
}) {
  const outOfStock = product.quantity <= 0;
  const titleId = `product-${product._id}`;
  const productPath = `/product/${product.slug}`;
  return (
    <article className="card" aria-labelledby={titleId}>
      <ProductPhoto
        productId={product._id}
        name={product.name}
        photo={product.photo}
        priority={priority}
      />
      <div className="card-body">
        <div className="card-heading">
          <h2 className="card-title" id={titleId}>
            {product.name}
          </h2>
          <Price value={product.price} from={pricesDiffer(product)} />
        </div>
        <RatingLine rating={product.rating} />
        <p className="card-text">{preview(product.description, previewLength)}</p>
        {outOfStock && <p className="out-of-stock">Out of stock</p>}
        <div className="card-actions">
          <ButtonLink to={productPath} className="btn btn-info">
            More Details
          </ButtonLink>
          {hasChoices(product) && !outOfStock ? (
            <Link className="btn btn-dark" to={productPath}>
              CHOOSE OPTIONS
            </Link>
          ) : (
            <AddToCartButton product={product} className="btn-dark" />
          )}
        </div>
      </div>
    </article>
  );
}

const photoPriority = (aboveTheFold: boolean, index: number) => {
  if (!aboveTheFold || index >= FIRST_SCREEN) return undefined;
  return index === 0 ? 'high' : 'eager';
};

export function ProductGrid({
  products,
  previewLength,
  aboveTheFold = true,
}: {
  products: Product[];
  previewLength?: number;
  /** False for a grid that starts below the fold (similar products): every photo lazy. */
  aboveTheFold?: boolean;
}) {
  return (
    <div className="card-grid">
      {products.map((product, index) => (
        <ProductCard
          key={product._id}
          product={product}
          priority={photoPriority(aboveTheFold, index)}
          {...(previewLength ? { previewLength } : {})}
        />
      ))}
    </div>
  );
}
