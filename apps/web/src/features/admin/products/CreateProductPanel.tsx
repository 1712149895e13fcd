import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
import { useSubmit } from '../../../lib/use-form';
import { categoryQueries } from '../../categories';
import { ADMIN_PATHS } from '../shared/AdminMenu';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { productWrites } from './api';
import { EMPTY_PRODUCT, ProductForm, productFieldOf, productProblems } from './ProductForm';

export const CATEGORIES_FAILED = 'Something went wrong while fetching categories';

export const CREATE_PRODUCT_TEXTS = {
  created: 'Product Created Successfully',
  refused: 'Failed to create product',
  failed: 'Something went wrong while creating the product',
} as const;

/**
 * Create Product: every field checked at once, then a multipart POST, then the admin's product
 * list. What is wrong is shown beside its field and summed up at the top; a refusal is toasted
 * as the spec has it, and what it lists is shown so too.
 */
export function CreateProductPanel() {
  const navigate = useNavigate();
  const categories = useAdminQuery(categoryQueries.list(), () => CATEGORIES_FAILED);
  const problems = useProblems();
  const create = useSubmit(productWrites.create(), {
    onSuccess: () => {
      toast.success(CREATE_PRODUCT_TEXTS.created);
      navigate(ADMIN_PATHS.products);
    },
    onFailure: (err) => {
      problems.show(refusedProblems(err, productFieldOf));
      const refused = refusalOf(err);
      return refused === null
        ? CREATE_PRODUCT_TEXTS.failed
        : refused || CREATE_PRODUCT_TEXTS.refused;
    },
  });

  return (
    <>
      <h1 className="page-title">Create Product</h1>
      {categories.error && <ErrorNotice message={categories.error} onRetry={categories.retry} />}
      {categories.data === undefined && categories.loading ? (
        <Spinner />
      ) : (
        <ProductForm
          categories={categories.data ?? []}
          initial={EMPTY_PRODUCT}
          submitLabel="CREATE PRODUCT"
          submitting={create.busy}
          problems={problems}
          onSubmit={(fields, photo) => {
            if (!problems.show(productProblems(fields, photo, true))) {
              void create.run({ fields, photo });
            }
          }}
        />
      )}
    </>
  );
}
