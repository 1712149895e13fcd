import { Link } from 'react-router-dom';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Pager } from '../../../components/Pager';
import { Price } from '../../../components/Price';
import { ProductPhoto } from '../../../components/ProductPhoto';
import { Spinner } from '../../../components/Spinner';
import { preview } from '../../../lib/format';
import { refusalOf } from '../api/outcome';
import { fetchAllProducts } from '../api/products';
import { useAdminPages } from '../hooks/use-admin-query';
import { ADMIN_PATHS } from './AdminMenu';

/** Spec §9: the admin list previews 100 characters of a description. */
export const ADMIN_PREVIEW = 100;

export const PRODUCT_LIST_TEXTS = {
  refused: 'Failed to load products',
  failed: 'Something went wrong while fetching products',
} as const;

const failureText = (err: unknown) =>
  refusalOf(err) === null ? PRODUCT_LIST_TEXTS.failed : PRODUCT_LIST_TEXTS.refused;

/** All Products: one card per product, each opening the product's update screen. */
export function AdminProductList() {
  const products = useAdminPages(['admin', 'products'], fetchAllProducts, failureText);
  return (
    <>
      <h1 className="page-title">All Products List</h1>
      {products.error && (
        <ErrorNotice message={products.error} onRetry={() => void products.reload()} />
      )}
      {products.items === undefined
        ? products.loading && <Spinner />
        : products.items.length === 0 && <p className="empty">No products yet</p>}
      <div className="card-grid">
        {products.items?.map((product) => (
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
            </span>
          </Link>
        ))}
      </div>
      <Pager
        label="Products pages"
        page={products.page}
        pages={products.pages}
        onPage={products.setPage}
      />
    </>
  );
}
