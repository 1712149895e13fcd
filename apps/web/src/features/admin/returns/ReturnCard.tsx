import { nameWithOptions } from '@shop/contracts';
import { type OrderReturn, RETURN_STEP_ROLES, type ReturnStatus } from '@shop/contracts/returns';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { FormField } from '../../../components/FormField';
import { useSubmit } from '../../../lib/use-form';
import { formatOptions } from '../../products';
import { refusalOf } from '../shared/outcome';
import { roleMayOpen, useStaffRole } from '../shared/staff-role';
import { returnWrite } from './api';

export const RETURN_ACTION_TEXTS = {
  failed: 'Failed to update the return',
} as const;

/** What each action button says, and the toast once done. */
const ACTIONS: Record<Exclude<ReturnStatus, 'requested'>, { label: string; done: string }> = {
  approved: { label: 'Approve', done: 'Return approved' },
  rejected: { label: 'Reject', done: 'Return rejected' },
  received: { label: 'Mark received', done: 'Return received' },
  refunded: { label: 'Refund', done: 'Return refunded' },
  closed: { label: 'Close', done: 'Return closed' },
};

/** The moves a return of each status offers (received takes the units to restock). */
const NEXT: Record<ReturnStatus, readonly Exclude<ReturnStatus, 'requested'>[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['refunded', 'closed'],
  refunded: [],
  closed: [],
};

type ReturnedLine = OrderReturn['lines'][number];

/** A line as a field names it: its name and options as bought, or its SKU (an earlier return). */
const nameOf = (line: ReturnedLine) =>
  line.name ? nameWithOptions(line.name, line.options ?? {}) : line.sku;

/** A returned line as the order page shows one: its name, then its options and SKU, small. */
function ReturnedLineName({ line }: { line: ReturnedLine }) {
  if (!line.name) return <>{line.sku}</>;
  const options = line.options ?? {};
  return (
    <>
      <span className="line-name">{line.name}</span>{' '}
      <small className="muted">
        {Object.keys(options).length > 0 && `${formatOptions(options)} · `}SKU {line.sku}
      </small>
    </>
  );
}

/**
 * One return on the admin's Returns screen: its order, lines, reason and steps, and the moves
 * it may take. Approved, it asks per line how many units go back on the shelf (all of them at
 * first; a broken one: none) before Mark received. Only the moves the staff role may make are
 * offered.
 */
export function ReturnCard({ item }: { item: OrderReturn }) {
  const headingId = useId();
  const [restock, setRestock] = useState<Record<string, number>>(() =>
    Object.fromEntries(item.lines.map((line) => [line.sku, line.quantity])),
  );
  const staffRole = useStaffRole();
  const mayMark = (status: ReturnStatus) => roleMayOpen(staffRole, RETURN_STEP_ROLES[status]);
  const move = useSubmit(returnWrite(), {
    onSuccess: (_answer, { status }) => {
      if (status !== 'requested') toast.success(ACTIONS[status].done);
    },
    onFailure: (err) => refusalOf(err) || RETURN_ACTION_TEXTS.failed,
  });
  const send = (status: Exclude<ReturnStatus, 'requested'>) => {
    const units = item.lines
      .map(({ sku }) => ({ sku, quantity: restock[sku] ?? 0 }))
      .filter(({ quantity }) => quantity > 0);
    const withRestock = status === 'received' ? { restock: units } : {};
    void move.run({ returnId: item._id, status, ...withRestock });
  };

  return (
    <article className="return-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Return of{' '}
        <Link to={`/dashboard/admin/orders/${item.orderNumber}`}>order #{item.orderNumber}</Link>
      </h2>
      <p>
        Status: <strong>{item.status}</strong>
      </p>
      <p>Reason: {item.reason}</p>
      <ul aria-label="Returned units">
        {item.lines.map((line) => (
          <li key={line.sku}>
            {line.quantity} × <ReturnedLineName line={line} />
          </li>
        ))}
      </ul>
      {item.restock.length > 0 && (
        <p>
          Restocked:{' '}
          {item.restock
            .map(({ sku, quantity }) => {
              const returned = item.lines.find((line) => line.sku === sku);
              return `${quantity} × ${returned ? nameOf(returned) : sku}`;
            })
            .join(', ')}
        </p>
      )}
      <ol className="return-history" aria-label="Return history">
        {item.history.map((step) => (
          <li key={`${step.status}-${step.at}`}>
            {step.status} by {step.by.name || step.by.role},{' '}
            <time dateTime={step.at}>{new Date(step.at).toLocaleString()}</time>
          </li>
        ))}
      </ol>
      {item.status === 'approved' && mayMark('received') && (
        <fieldset className="return-restock">
          <legend>Back on the shelf</legend>
          {item.lines.map((line) => (
            <FormField
              key={line.sku}
              label={`Units of ${nameOf(line)} to restock (of ${line.quantity})`}
              type="number"
              min={0}
              max={line.quantity}
              step={1}
              value={restock[line.sku] ?? 0}
              onChange={(event) => {
                const wanted = Math.trunc(Number(event.target.value)) || 0;
                const quantity = Math.min(Math.max(wanted, 0), line.quantity);
                setRestock((previous) => ({ ...previous, [line.sku]: quantity }));
              }}
            />
          ))}
        </fieldset>
      )}
      <div className="return-actions">
        {NEXT[item.status].filter(mayMark).map((status) => (
          <button
            key={status}
            type="button"
            className={
              status === 'rejected' || status === 'closed' ? 'btn btn-outline' : 'btn btn-primary'
            }
            disabled={move.busy}
            onClick={() => send(status)}
          >
            {ACTIONS[status].label}
          </button>
        ))}
      </div>
    </article>
  );
}
