import type { Discount } from '@shop/contracts/discount';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { type Column, DataTable } from '../../../components/DataTable';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
import { useMoney } from '../../../lib/store-settings';
import { useSubmit } from '../../../lib/use-form';
import { AdminList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { discountQueries, discountWrites } from './api';
import { DiscountForm } from './DiscountForm';
import { discountProblem, draftOf, EMPTY_DRAFT, inputOfSaved } from './draft';
import './discounts.css';

export const DISCOUNT_TEXTS = {
  loadFailed: 'Something went wrong while fetching discounts',
  saveFailed: 'Something went wrong while saving the discount',
  deleteFailed: 'Something went wrong while deleting the discount',
} as const;

/** Which form is open: none, a new discount's, or an existing one's. */
type Editing = null | 'new' | Discount;

/**
 * Discounts: every code and automatic promotion with how many orders carry it, created and
 * edited in a form above the list, paused and resumed in place (`active`), deleted after a
 * question. The API's words for what it refuses are toasted.
 */
export function DiscountManager() {
  const discounts = useAdminQuery(
    discountQueries.list(),
    (err) => refusalOf(err) || DISCOUNT_TEXTS.loadFailed,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const money = useMoney();
  const refusedOr = (fallback: string) => (err: unknown) => refusalOf(err) || fallback;

  const problems = useProblems();
  const save = useSubmit(discountWrites.save(), {
    onSuccess: (answer) => {
      toast.success(answer.message);
      setEditing(null);
    },
    onFailure: (err) => {
      problems.show(
        refusedProblems(err).map(({ field, message }) => discountProblem(field, message)),
      );
      return refusedOr(DISCOUNT_TEXTS.saveFailed)(err);
    },
  });
  const edit = (discount: Editing) => {
    problems.show([]);
    setEditing(discount);
  };

  const toggle = useSubmit(discountWrites.save(), {
    onSuccess: (answer) => toast.success(answer.message),
    onFailure: refusedOr(DISCOUNT_TEXTS.saveFailed),
  });

  const remove = useSubmit(discountWrites.remove(), {
    onSuccess: (answer) => {
      toast.success(answer.message);
      setDeleting(null);
    },
    onFailure: refusedOr(DISCOUNT_TEXTS.deleteFailed),
  });

  const columns: Column<Discount>[] = [
    { header: 'Title', cell: (discount) => discount.title },
    { header: 'Code', cell: (discount) => discount.code ?? 'Automatic' },
    { header: 'Discount', cell: (discount) => describe(discount, money) },
    {
      header: 'Used',
      cell: (discount) => `${discount.used} / ${discount.usageLimit ?? 'no limit'}`,
    },
    { header: 'Status', cell: (discount) => (discount.active ? 'Active' : 'Paused') },
    {
      header: 'Actions',
      cell: (discount) => {
        const name = discount.code ?? discount.title;
        return (
          <div className="table-actions">
            <button
              type="button"
              className="btn btn-primary"
              aria-label={`Edit ${name}`}
              onClick={() => edit(discount)}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`${discount.active ? 'Pause' : 'Resume'} ${name}`}
              disabled={toggle.busy}
              onClick={() =>
                void toggle.run({
                  id: discount._id,
                  input: { ...inputOfSaved(discount), active: !discount.active },
                })
              }
            >
              {discount.active ? 'Pause' : 'Resume'}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              aria-label={`Delete ${name}`}
              onClick={() => setDeleting(discount)}
            >
              Delete
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <h1 className="page-title">Discounts</h1>
      {editing === null ? (
        <button type="button" className="btn btn-primary" onClick={() => edit('new')}>
          New discount
        </button>
      ) : (
        <DiscountForm
          key={editing === 'new' ? 'new' : editing._id}
          heading={editing === 'new' ? 'New discount' : `Edit ${editing.code ?? editing.title}`}
          initial={editing === 'new' ? EMPTY_DRAFT : draftOf(editing)}
          busy={save.busy}
          problems={problems}
          onSave={(input) => void save.run({ id: editing === 'new' ? null : editing._id, input })}
          onCancel={() => edit(null)}
        />
      )}
      <AdminList
        load={discounts}
        items={discounts.data}
        empty={<p className="empty">No discounts yet</p>}
      >
        {(items) => (
          <DataTable
            className="discount-table"
            columns={columns}
            rows={items}
            rowKey={(discount) => discount._id}
          />
        )}
      </AdminList>
      <ConfirmDialog
        open={deleting !== null}
        question={`Delete ${deleting?.code ?? deleting?.title ?? ''}?`}
        busy={remove.busy}
        onConfirm={() => deleting && void remove.run(deleting._id)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** What a discount takes off, in a few words. */
function describe(discount: Discount, money: (major: number) => string): string {
  switch (discount.kind) {
    case 'percentage':
      return `${discount.value ?? 0}% off`;
    case 'fixed':
      return `${money(discount.value ?? 0)} off`;
    case 'free-shipping':
      return 'Free shipping';
    case 'buy-x-get-y':
      return `Buy ${discount.buy ?? 0} get ${discount.get ?? 0} free`;
  }
}
