import type { Category } from '@shop/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type Column, DataTable } from '../../../components/DataTable';
import { Modal } from '../../../components/Modal';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
import { useSubmit } from '../../../lib/use-form';
import { categoryQueries } from '../../categories';
import { AdminList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { categoryWrites } from './api';
import { CategoryForm } from './CategoryForm';
import './categories.css';

export const CATEGORY_TEXTS = {
  loadFailed: 'Something wwent wrong in getting catgeory',
  createFailed: 'somthing went wrong in input form',
  changeFailed: 'Somtihing went wrong',
  deleted: 'category is deleted',
} as const;

/**
 * Manage Category: create, rename (in a modal) and delete. The list is fetched on load and,
 * as every category read, again after every successful change (categoryWrites); a refusal
 * shows the server's own message.
 */
export function CategoryManager() {
  const categories = useAdminQuery(categoryQueries.list(), () => CATEGORY_TEXTS.loadFailed);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<Category | null>(null);
  const [updatedName, setUpdatedName] = useState('');
  const refusedOr = (fallback: string) => (err: unknown) => refusalOf(err) || fallback;
  const createProblems = useProblems();
  const renameProblems = useProblems();
  /** A refusal of a name: its problems beside the field, its words toasted (spec §8). */
  const refusedName = (problems: typeof createProblems, fallback: string) => (err: unknown) => {
    problems.show(refusedProblems(err));
    return refusedOr(fallback)(err);
  };

  const create = useSubmit(categoryWrites.create(), {
    onSuccess: (created) => {
      toast.success(`${created.name} is created`);
      createProblems.show([]);
      setName('');
    },
    onFailure: refusedName(createProblems, CATEGORY_TEXTS.createFailed),
  });

  const openEdit = (category: Category) => {
    setSelected(category);
    setUpdatedName(category.name);
  };

  const closeEdit = () => {
    setSelected(null);
    setUpdatedName('');
    renameProblems.show([]);
  };

  const rename = useSubmit(categoryWrites.rename(), {
    onSuccess: (updated) => {
      toast.success(`${updated.name} is updated`);
      closeEdit();
    },
    onFailure: refusedName(renameProblems, CATEGORY_TEXTS.changeFailed),
  });

  // One delete at a time: every Delete button waits while one is on its way.
  const remove = useSubmit(categoryWrites.remove(), {
    onSuccess: () => toast.success(CATEGORY_TEXTS.deleted),
    onFailure: refusedOr(CATEGORY_TEXTS.changeFailed),
  });

  const columns: Column<Category>[] = [
    { header: 'Name', cell: (category) => category.name },
    {
      header: 'Actions',
      cell: (category) => (
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
      ),
    },
  ];

  return (
    <>
      <h1 className="page-title">Manage Category</h1>
      <CategoryForm
        label="New category name"
        value={name}
        onChange={setName}
        submit={create.form(name)}
        problems={createProblems}
      />
      <AdminList load={categories} items={categories.data}>
        {(items) => (
          <>
            {items.length === 0 && <p className="empty">No categories yet</p>}
            <DataTable
              className="category-table"
              columns={columns}
              rows={items}
              rowKey={(category) => category._id}
            />
          </>
        )}
      </AdminList>
      <Modal open={selected !== null} title="Edit Category" onClose={closeEdit}>
        {selected && (
          <CategoryForm
            label="Category name"
            value={updatedName}
            onChange={setUpdatedName}
            submit={rename.form({ category: selected, name: updatedName })}
            problems={renameProblems}
          />
        )}
      </Modal>
    </>
  );
}
