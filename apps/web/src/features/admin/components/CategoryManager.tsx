import type { Category } from '@shop/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { categoriesQuery } from '../../../lib/storefront-queries';
import { useSubmit } from '../../../lib/use-form';
import { createCategory, deleteCategory, updateCategory } from '../api/categories';
import { refusalOf } from '../api/outcome';
import { useAdminQuery } from '../hooks/use-admin-query';
import { CategoryForm } from './CategoryForm';

export const CATEGORY_TEXTS = {
  loadFailed: 'Something wwent wrong in getting catgeory',
  createFailed: 'somthing went wrong in input form',
  changeFailed: 'Somtihing went wrong',
  deleted: 'category is deleted',
} as const;

/**
 * Manage Category: create, rename (in a modal) and delete. The list is fetched on load and
 * again after every successful change; a refusal shows the server's own message.
 */
export function CategoryManager() {
  const categories = useAdminQuery(categoriesQuery, () => CATEGORY_TEXTS.loadFailed);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<Category | null>(null);
  const [updatedName, setUpdatedName] = useState('');
  const refusedOr = (fallback: string) => (err: unknown) => refusalOf(err) || fallback;

  const create = useSubmit(async () => {
    const created = await createCategory(name);
    toast.success(`${created.name} is created`);
    setName('');
    void categories.reload();
  }, refusedOr(CATEGORY_TEXTS.createFailed));

  const openEdit = (category: Category) => {
    setSelected(category);
    setUpdatedName(category.name);
  };

  const closeEdit = () => {
    setSelected(null);
    setUpdatedName('');
  };

  const update = useSubmit(async () => {
    if (!selected) return;
    const updated = await updateCategory(selected._id, updatedName);
    toast.success(`${updated.name} is updated`);
    closeEdit();
    void categories.reload();
  }, refusedOr(CATEGORY_TEXTS.changeFailed));

  // One delete at a time: every Delete button waits while one is on its way.
  const remove = useSubmit(async (category: Category) => {
    await deleteCategory(category._id);
    toast.success(CATEGORY_TEXTS.deleted);
    void categories.reload();
  }, refusedOr(CATEGORY_TEXTS.changeFailed));

  return (
    <>
      <h1 className="page-title">Manage Category</h1>
      <CategoryForm label="New category name" value={name} onChange={setName} submit={create} />
      {categories.error && (
        <ErrorNotice message={categories.error} onRetry={() => void categories.reload()} />
      )}
      {categories.data?.length === 0 && <p className="empty">No categories yet</p>}
      {categories.data === undefined ? (
        categories.loading && <Spinner />
      ) : (
        <table className="table category-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.data.map((category) => (
              <tr key={category._id}>
                <td>{category.name}</td>
                <td>
                  <div className="table-actions">
                    <button
                      type="button"
                      className="btn btn-primary"
                      aria-label={`Edit ${category.name}`}
                      onClick={() => openEdit(category)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger"
                      aria-label={`Delete ${category.name}`}
                      disabled={remove.busy}
                      onClick={() => void remove.run(category)}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal open={selected !== null} title="Edit Category" onClose={closeEdit}>
        <CategoryForm
          label="Category name"
          value={updatedName}
          onChange={setUpdatedName}
          submit={update}
        />
      </Modal>
    </>
  );
}
