import type { Product } from '@shop/contracts';
import { useParams } from 'react-router-dom';
import { AddToCartButton } from '../../components/AddToCartButton';
import { Layout } from '../../components/layout/Layout';
import { Price } from '../../components/Price';
import { ProductGrid } from '../../components/ProductCard';
import { ProductPhoto } from '../../components/ProductPhoto';
import { RequestStatus } from '../../components/RequestStatus';
import { fetchProduct, fetchSimilarProducts } from '../../features/products';
import { ADDED_ON_DETAILS } from '../../lib/cart';
import { useRequest } from '../../lib/use-request';
import './ProductDetails.css';

function SimilarProducts({ product }: { product: Product }) {
  const categoryId = product.category?._id;
  const similar = useRequest(`${product._id}/${categoryId}`, (signal) =>
    categoryId ? fetchSimilarProducts(product._id, categoryId, signal) : Promise.resolve([]),
  );
  return (
    <section className="similar" aria-labelledby="similar-title">
      <h2 id="similar-title">Similar Products</h2>
      <RequestStatus request={similar} />
      {similar.data?.length === 0 && <p className="empty">No Similar Products found</p>}
      {similar.data && <ProductGrid products={similar.data} aboveTheFold={false} />}
    </section>
  );
}

function Details({ product }: { product: Product }) {
  const outOfStock = product.quantity <= 0;
  return (
    <div className="details">
      <ProductPhoto
        productId={product._id}
        name={product.name}
        photo={product.photo}
        size="large"
        priority
      />
      <div className="details-info">
        <h1 className="page-title">Product Details</h1>
        <h2>{product.name}</h2>
        <p>{product.description}</p>
        <p>
          Price : <Price value={product.price} />
        </p>
        <p>Category : {product.category?.name ?? 'None'}</p>
        {outOfStock && <p className="out-of-stock">Out of stock</p>}
        <AddToCartButton product={product} className="btn-secondary" added={ADDED_ON_DETAILS} />
      </div>
    </div>
  );
}

export default function ProductDetails() {
  const { slug = '' } = useParams();
  const request = useRequest(slug, (signal) => fetchProduct(slug, signal));
  const product = request.data;
  return (
    <Layout
      title={product?.name ?? 'Product Details'}
      description={product ? product.description.slice(0, 150) : 'Product details'}
    >
      <div className="page">
        <RequestStatus request={request} />
        {product && (
          <>
            <Details product={product} />
            <hr />
            <SimilarProducts product={product} />
          </>
        )}
      </div>
    </Layout>
  );
}
