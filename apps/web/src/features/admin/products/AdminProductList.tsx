import { Link } from 'react-router-dom';
import { preview } from '../../../lib/format';
import { Price, ProductPhoto } from '../../products';
import { PagedList } from '../shared/AdminList';
import { ADMIN_PATHS } from '../shared/AdminMenu';
import { refusalOf } from '../shared/outcome';
import { useAdminPages } from '../shared/use-admin-query';
import { adminProductQueries } from './api';
import { InCheckouts } from './InCheckouts';
import './products.css';

/** Spec §9: the admin list previews 100 characters of a description. */
export const ADMIN_PREVIEW = 100;

export const PRODUCT_LIST_TEXTS = {
  refused: 'Failed to load products',
  failed: 'Something went wrong while fetching products',
} as const;

/** What a failed read of products shows: the cards' and the table's alike. */
export const productListFailure = (err: unknown) =>
  refusalOf(err) === null ? PRODUCT_LIST_TEXTS.failed : PRODUCT_LIST_TEXTS.refused;

/** All Products as the spec's cards: one per product, each opening the product's update screen. */
export function AdminProductList() {
  const products = useAdminPages(adminProductQueries.list, productListFailure);
  return (
    <PagedList
      list={products}
      empty={<p className="empty">No products yet</p>}
      pagesLabel="Products pages"
    >
      {(items) => (
        <div className="card-grid">
          {items.map((product) => (
            <Link
              key={product._id}
              className="card admin-product-card"
              to={ADMIN_PATHS.product(product.slug)}
            >
              <ProductPhoto productId={product._id} name={product.name} photo={product.photo} />
              <span className="card-body">
                <span className="card-heading">
                  <span className="card-title">{product.name}</span>
                  <Price value={product.price} />
                </span>
                <span className="card-text">{preview(product.description, ADMIN_PREVIEW)}</span>
                {product.options.length > 0 && (
                  <span className="card-text admin-variant-count">
                    {product.variants.length} variants
                  </span>
                )}
                <InCheckouts product={product} />
              </span>
            </Link>
          ))}
        </div>
      )}
    </PagedList>
  );
}
