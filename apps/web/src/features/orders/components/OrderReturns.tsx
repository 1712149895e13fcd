import type { Order } from '@shop/contracts';
import type { OrderReturn } from '@shop/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-form';
import { askReturnWrite, orderReturnsQuery } from '../api/returns-api';

export const RETURN_TEXTS = {
  asked: 'Return requested',
  failed: 'Something went wrong while asking for the return',
  nothingChosen: 'Choose how many units of which items to return',
  reasonMissing: 'Say why you return them: the reason is required',
} as const;

/** The statuses as the buyer reads them. */
const STATUS_WORDS: Record<OrderReturn['status'], string> = {
  requested: 'Requested',
  approved: 'Approved: please send the items back',
  rejected: 'Not accepted',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed',
};

/** Units of each SKU the order's returns still hold (not rejected, not closed), or refunded. */
function takenUnits(order: Order, returns: readonly OrderReturn[]): Map<string, number> {
  const taken = new Map<string, number>();
  const add = (sku: string, quantity: number) => taken.set(sku, (taken.get(sku) ?? 0) + quantity);
  for (const refund of order.refunds ?? []) for (const l of refund.lines) add(l.sku, l.quantity);
  for (const r of returns) {
    if (r.status === 'rejected' || r.status === 'closed' || r.status === 'refunded') continue;
    for (const l of r.lines) add(l.sku, l.quantity);
  }
  return taken;
}

function ReturnList({ order, returns }: { order: Order; returns: readonly OrderReturn[] }) {
  const nameOf = (sku: string) =>
    order.products.find((line) => line.variant?.sku === sku)?.name ?? sku;
  return (
    <ul className="order-returns">
      {returns.map((r) => (
        <li key={r._id}>
          <strong>{STATUS_WORDS[r.status]}</strong>{' '}
          <span className="muted">
            (asked <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleDateString()}</time>)
          </span>
          : {r.lines.map((l) => `${l.quantity} × ${nameOf(l.sku)}`).join(', ')}
        </li>
      ))}
    </ul>
  );
}

/**
 * The returns of an order on its page, and the buyer's "Return items" form: how many units of
 * each line (up to those bought and not yet returned or refunded), and why. `orderKey`: the
 * link's key, when the page was opened by it. The server judges the window and the rest.
 */
export function OrderReturns({ order, orderKey }: { order: Order; orderKey?: string }) {
  const headingId = useId();
  const number = order.number ?? 0;
  const returns = useQuery(orderReturnsQuery(number, orderKey));
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; what?: string }>({});
  const ask = useSubmit(askReturnWrite(), {
    onSuccess: () => {
      toast.success(RETURN_TEXTS.asked);
      setUnits({});
      setReason('');
    },
    onFailure: (err) => errorMessage(err, RETURN_TEXTS.failed),
  });

  const returnable = order.payment.success && order.status !== 'cancel';
  const taken = takenUnits(order, returns.data ?? []);
  const lines = order.products.flatMap((line) => {
    const sku = line.variant?.sku;
    return sku ? [{ sku, name: line.name, left: line.quantity - (taken.get(sku) ?? 0) }] : [];
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = lines
      .filter((line) => (units[line.sku] ?? 0) > 0)
      .map((line) => ({ sku: line.sku, quantity: units[line.sku] ?? 0 }));
    const found: typeof errors = {};
    if (chosen.length === 0) found.what = RETURN_TEXTS.nothingChosen;
    if (reason.trim() === '') found.reason = RETURN_TEXTS.reasonMissing;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const key = orderKey ? { key: orderKey } : {};
    void ask.run({ number, ...key, ask: { lines: chosen, reason: reason.trim() } });
  };

  return (
    <section className="order-returns-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Returns</h2>
      {returns.data && returns.data.length > 0 ? (
        <ReturnList order={order} returns={returns.data} />
      ) : (
        returns.isSuccess && <p>No returns asked for.</p>
      )}
      {returnable && lines.some((line) => line.left > 0) && (
        <form onSubmit={submit} noValidate aria-label="Return items">
          <h3>Return items</h3>
          {lines.map((line) => (
            <FormField
              key={line.sku}
              label={`${line.name}: units to return (${line.left} left)`}
              type="number"
              min={0}
              max={line.left}
              step={1}
              disabled={line.left <= 0}
              value={units[line.sku] ?? 0}
              onChange={(event) => {
                const wanted = Math.trunc(Number(event.target.value)) || 0;
                const quantity = Math.min(Math.max(wanted, 0), line.left);
                setUnits((previous) => ({ ...previous, [line.sku]: quantity }));
              }}
            />
          ))}
          <FormField
            label="Reason"
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {errors.what && (
            <p className="form-field-error" role="alert">
              {errors.what}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={ask.busy}>
            Return items
          </button>
        </form>
      )}
    </section>
  );
}
