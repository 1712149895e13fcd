import type { Product, ProductForm as ProductFields } from '@shop/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
import { useSubmit } from '../../../lib/use-form';
import { categoryQueries } from '../../categories';
import { ProductPhoto, productQueries } from '../../products';
import { AdminReviews } from '../reviews/AdminReviews';
import { ADMIN_PATHS } from '../shared/AdminMenu';
import { HistoryLink } from '../shared/HistoryLink';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { productWrites } from './api';
import { CATEGORIES_FAILED } from './CreateProductPanel';
import { ProductForm, priceReasonProblems, productFieldOf, productProblems } from './ProductForm';
import { pricedPerVariant } from './variants/grid';
import { VARIANTS_TEXTS } from './variants/texts';
import { VariantsEditor } from './variants/VariantsEditor';

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
  weight: String(product.weight),
  taxClass: product.taxClass,
});

/**
 * What the form sends: on a product sold as variants, the price and stock as they are now
 * (the server refuses a change to them there), whatever the form was opened with.
 */
const toSend = (product: Product, fields: ProductFields): ProductFields =>
  pricedPerVariant(product)
    ? {
        ...fields,
        price: String(product.price),
        quantity: String(product.quantity),
        previousQuantity: String(product.quantity),
      }
    : fields;

/** Update Product: the saved fields and photo, UPDATE PRODUCT, and DELETE PRODUCT after a yes. */
export function UpdateProductPanel({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const product = useAdminQuery(
    productQueries.detail(slug),
    (err) => refusalOf(err) || UPDATE_PRODUCT_TEXTS.loadFailed,
  );
  const categories = useAdminQuery(categoryQueries.list(), () => CATEGORIES_FAILED);
  const [confirming, setConfirming] = useState(false);
  // The product as its variants were last saved here, whose price and stock the form sends.
  const [latest, setLatest] = useState<Product>();
  const problems = useProblems();

  const update = useSubmit(productWrites.update(), {
    onSuccess: () => {
      toast.success(UPDATE_PRODUCT_TEXTS.updated);
      navigate(ADMIN_PATHS.products);
    },
    onFailure: (err) => {
      problems.show(refusedProblems(err, productFieldOf));
      return refusalOf(err) || UPDATE_PRODUCT_TEXTS.updateFailed;
    },
  });

  const remove = useSubmit(productWrites.remove(), {
    onSuccess: () => {
      toast.success(UPDATE_PRODUCT_TEXTS.deleted);
      navigate(ADMIN_PATHS.products);
    },
    onFailure: (err) => {
      console.error(err);
      setConfirming(false);
      return UPDATE_PRODUCT_TEXTS.deleteFailed;
    },
  });

  const saved = latest ?? product.data;
  const perVariant = saved !== undefined && pricedPerVariant(saved);
  return (
    <>
      <h1 className="page-title">Update Product</h1>
      {saved && <HistoryLink targetId={saved._id} />}
      {product.error && <ErrorNotice message={product.error} onRetry={product.retry} />}
      {categories.error && <ErrorNotice message={categories.error} onRetry={categories.retry} />}
      {!saved || (categories.data === undefined && categories.loading) ? (
        (product.loading || categories.loading) && <Spinner />
      ) : (
        <>
          <ProductForm
            // Anew when the variants' save turns the price and stock fields on or off.
            key={`${saved._id}:${perVariant}`}
            categories={categories.data ?? []}
            initial={toFields(saved)}
            currentPhoto={
              <ProductPhoto
                productId={saved._id}
                name={saved.name}
                photo={saved.photo}
                priority="high"
              />
            }
            {...(perVariant ? { perVariantNote: VARIANTS_TEXTS.perVariant } : {})}
            savedPrice={String(saved.price)}
            submitLabel="UPDATE PRODUCT"
            submitting={update.busy}
            problems={problems}
            onSubmit={(fields, photo) => {
              const sent = toSend(saved, fields);
              const found = [
                ...productProblems(sent, photo, false),
                ...priceReasonProblems(sent, String(saved.price)),
              ];
              if (!problems.show(found)) {
                void update.run({ id: saved._id, fields: sent, photo });
              }
            }}
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
          <VariantsEditor key={saved._id} product={saved} onSaved={setLatest} />
          <AdminReviews key={`reviews-${saved._id}`} productId={saved._id} />
        </>
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
