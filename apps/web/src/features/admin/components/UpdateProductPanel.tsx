import type { Product, ProductForm as ProductFields } from '@shop/contracts';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ProductPhoto } from '../../../components/ProductPhoto';
import { Spinner } from '../../../components/Spinner';
import { useSubmit } from '../../../lib/use-form';
import { fetchCategories } from '../../categories';
import { fetchProduct } from '../../products';
import { refusalOf } from '../api/outcome';
import { deleteProduct, updateProduct } from '../api/products';
import { useReloadable } from '../hooks/use-reloadable';
import { ADMIN_PATHS } from './AdminMenu';
import { ConfirmDialog } from './ConfirmDialog';
import { CATEGORIES_FAILED } from './CreateProductPanel';
import { ProductForm } from './ProductForm';

export const UPDATE_PRODUCT_TEXTS = {
  updated: 'Product Updated Successfully',
  updateFailed: 'something went wrong',
  deleteQuestion: 'Are You Sure want to delete this product ? ',
  deleted: 'Product DEleted Succfully',
  deleteFailed: 'Something went wrong',
  loadFailed: 'Something went wrong',
} as const;

const toFields = (product: Product): ProductFields => ({
  category: product.category?._id ?? '',
  name: product.name,
  description: product.description,
  price: String(product.price),
  quantity: String(product.quantity),
  previousQuantity: String(product.quantity),
  shipping: String(product.shipping),
});

/** Update Product: the saved fields and photo, UPDATE PRODUCT, and DELETE PRODUCT after a yes. */
export function UpdateProductPanel({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const loadProduct = useCallback((signal: AbortSignal) => fetchProduct(slug, signal), [slug]);
  const product = useReloadable(
    loadProduct,
    (err) => refusalOf(err) || UPDATE_PRODUCT_TEXTS.loadFailed,
  );
  const categories = useReloadable(fetchCategories, () => CATEGORIES_FAILED);
  const [confirming, setConfirming] = useState(false);

  const update = useSubmit(
    async (id: string, fields: ProductFields, photo: File | null) => {
      await updateProduct(id, fields, photo);
      toast.success(UPDATE_PRODUCT_TEXTS.updated);
      navigate(ADMIN_PATHS.products);
    },
    (err) => refusalOf(err) || UPDATE_PRODUCT_TEXTS.updateFailed,
  );

  const remove = useSubmit(
    async (id: string) => {
      await deleteProduct(id);
      toast.success(UPDATE_PRODUCT_TEXTS.deleted);
      navigate(ADMIN_PATHS.products);
    },
    (err) => {
      console.error(err);
      setConfirming(false);
      return UPDATE_PRODUCT_TEXTS.deleteFailed;
    },
  );

  const saved = product.data;
  return (
    <>
      <h1 className="page-title">Update Product</h1>
      {product.error && (
        <ErrorNotice message={product.error} onRetry={() => void product.reload()} />
      )}
      {categories.error && (
        <ErrorNotice message={categories.error} onRetry={() => void categories.reload()} />
      )}
      {!saved || (categories.data === undefined && categories.loading) ? (
        (product.loading || categories.loading) && <Spinner />
      ) : (
        <ProductForm
          key={saved._id}
          categories={categories.data ?? []}
          initial={toFields(saved)}
          currentPhoto={
            <ProductPhoto productId={saved._id} name={saved.name} photo={saved.photo} priority />
          }
          submitLabel="UPDATE PRODUCT"
          submitting={update.busy}
          onSubmit={(fields, photo) => void update.run(saved._id, fields, photo)}
        >
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.busy}
            onClick={() => setConfirming(true)}
          >
            DELETE PRODUCT
          </button>
        </ProductForm>
      )}
      {saved && (
        <ConfirmDialog
          open={confirming}
          question={UPDATE_PRODUCT_TEXTS.deleteQuestion}
          busy={remove.busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove.run(saved._id)}
        />
      )}
    </>
  );
}
