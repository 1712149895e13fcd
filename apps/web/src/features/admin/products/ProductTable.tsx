import type { Product } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/DataTable';
import { categoryQueries } from '../../categories';
import { Price, ProductPhoto, pricesDiffer } from '../../products';
import { PagedList } from '../shared/AdminList';
import { ADMIN_PATHS } from '../shared/AdminMenu';
import { useAdminPages } from '../shared/use-admin-query';
import { productListFailure } from './AdminProductList';
import { adminProductQueries, type ProductTableFilter } from './api';
import { ProductTableFilters } from './ProductTableFilters';

export const PRODUCT_TABLE_TEXTS = {
  none: 'No products yet',
  noMatch: 'No products match.',
  count: (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`,
  variants: (count: number) => `${count} variants`,
  noCategory: 'None',
} as const;

/** Units of all its variants held in shoppers' checkouts now (paying, not placed yet). */
const heldOf = (product: Product) =>
  product.variants.reduce((sum, variant) => sum + (variant.inCheckouts ?? 0), 0);

const COLUMNS: Column<Product>[] = [
  {
    header: 'Product',
    rowHeader: true,
    className: 'wrap',
    cell: (product) => (
      <Link className="product-table-name" to={ADMIN_PATHS.product(product.slug)}>
        {/* The name beside it says what the photo shows. */}
        <ProductPhoto
          productId={product._id}
          name=""
          photo={product.photo}
          size="thumb"
          className="product-table-thumb"
        />
        <span>{product.name}</span>
      </Link>
    ),
  },
  {
    header: 'SKU',
    className: 'wrap',
    cell: ({ variants }) =>
      variants.length > 1 ? PRODUCT_TABLE_TEXTS.variants(variants.length) : variants[0]?.sku,
  },
  {
    header: 'Price',
    className: 'number',
    cell: (product) => <Price value={product.price} from={pricesDiffer(product)} />,
  },
  { header: 'Stock', className: 'number', cell: (product) => product.quantity },
  { header: 'In checkouts', className: 'number', cell: heldOf },
  {
    header: 'Category',
    className: 'wrap',
    cell: (product) => product.category?.name ?? PRODUCT_TABLE_TEXTS.noCategory,
  },
];

/**
 * The products as a table a merchant with thousands of them can use: searched by name or SKU,
 * narrowed to a category and ordered on the server, a page at a time; each row's name opens the
 * product's editor. On a phone each row is a card.
 */
export function ProductTable({
  filter,
  onFilter,
}: {
  filter: ProductTableFilter;
  onFilter: (filter: ProductTableFilter) => void;
}) {
  const products = useAdminPages(
    (page) => adminProductQueries.table(page, filter),
    productListFailure,
  );
  const categories = useQuery(categoryQueries.list());
  const change = (next: ProductTableFilter) => {
    onFilter(next);
    products.setPage(1);
  };
  const narrowed = filter.search !== '' || filter.category !== '';
  return (
    <>
      <ProductTableFilters filter={filter} categories={categories.data ?? []} onChange={change} />
      {products.data && (
        <p className="result-count" aria-live="polite">
          {PRODUCT_TABLE_TEXTS.count(products.data.total)}
        </p>
      )}
      <PagedList
        list={products}
        empty={
          <p className="empty">
            {narrowed ? PRODUCT_TABLE_TEXTS.noMatch : PRODUCT_TABLE_TEXTS.none}
          </p>
        }
        pagesLabel="Products pages"
      >
        {(items) => (
          <DataTable
            className="product-table"
            columns={COLUMNS}
            rows={items}
            rowKey={(product) => product._id}
            stacked
          />
        )}
      </PagedList>
    </>
  );
}
