import { formatMinorUnits, type Order, type RefundRequest, toMinorUnits } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormField } from '../../../components/FormField';
import { useSubmit } from '../../../lib/use-form';
import { refusalOf } from '../shared/outcome';
import { refundWrite } from './api';
import './orders.css';

export const REFUND_TEXTS = {
  done: 'Refund recorded',
  failed: 'Failed to refund',
  reasonMissing: 'Say why: the reason is required',
  nothingChosen: 'Choose lines, the shipping or an amount to refund',
  badAmount: 'The amount must be a number more than 0',
} as const;

/** A line the admin may refund by units: one of a variant, named by its SKU. */
interface RefundableLine {
  sku: string;
  name: string;
  bought: number;
  left: number;
  /** What the line was paid, in minor units (after its discounts, tax included). */
  paid: number;
}

/** Units of each SKU that the order's refunds gave back, pending ones too. */
function refundedUnits(order: Order): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of order.refunds ?? []) {
    for (const { sku, quantity } of refund.lines) units.set(sku, (units.get(sku) ?? 0) + quantity);
  }
  return units;
}

function refundableLines(order: Order): RefundableLine[] {
  const units = refundedUnits(order);
  return order.products.flatMap((line) => {
    const sku = line.variant?.sku;
    if (!sku) return [];
    const paid = toMinorUnits(line.gross ?? line.price * line.quantity, order.payment.currency);
    const left = line.quantity - (units.get(sku) ?? 0);
    return [{ sku, name: line.name, bought: line.quantity, left, paid }];
  });
}

/** As the server counts it: units refunded after `before` others, their share of what was paid. */
const shareOf = (paid: number, bought: number, before: number, quantity: number) =>
  Math.round((paid * (before + quantity)) / bought) - Math.round((paid * before) / bought);

/**
 * The admin's refund of one order: units of its lines (steppers up to what is left of each),
 * its shipping, any amount, and a reason; a summary of what will be refunded beside what was
 * already, and a confirmation before it is sent. A field's mistake shows beside it; the server's
 * refusal (409: more than is left) is toasted, as the admin's other refusals are.
 */
export function RefundPanel({ order }: { order: Order }) {
  const headingId = useId();
  const currency = order.payment.currency;
  const money = (minor: number) => formatMinorUnits(minor, currency);
  const lines = refundableLines(order);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [shipping, setShipping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; amount?: string; what?: string }>({});
  const [confirming, setConfirming] = useState(false);

  const shippingPaid = toMinorUnits(order.shipping?.gross ?? 0, currency);
  const shippingRefunded = (order.refunds ?? []).some((refund) => refund.shipping);
  const amountMinor = amount.trim() === '' ? 0 : toMinorUnits(Number(amount), currency);
  const linesMinor = lines.reduce(
    (total, line) =>
      total + shareOf(line.paid, line.bought, line.bought - line.left, units[line.sku] ?? 0),
    0,
  );
  const total = linesMinor + (shipping ? shippingPaid : 0) + (amountMinor || 0);
  const refunded = toMinorUnits(order.refundedAmount ?? 0, currency);
  const captured = order.payment.success ? order.payment.amount : 0;

  const reset = () => {
    setUnits({});
    setShipping(false);
    setAmount('');
    setReason('');
    setConfirming(false);
  };
  const send = useSubmit(refundWrite(), {
    onSuccess: () => {
      toast.success(REFUND_TEXTS.done);
      reset();
    },
    onFailure: (err) => {
      setConfirming(false);
      return refusalOf(err) || REFUND_TEXTS.failed;
    },
  });

  const request = (): RefundRequest => {
    const chosen = lines
      .filter((line) => (units[line.sku] ?? 0) > 0)
      .map((line) => ({ sku: line.sku, quantity: units[line.sku] ?? 0 }));
    return {
      ...(chosen.length > 0 ? { lines: chosen } : {}),
      ...(shipping ? { shipping } : {}),
      ...(amountMinor > 0 ? { amount: Number(amount) } : {}),
      reason: reason.trim(),
    };
  };

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    const amountNumber = Number(amount);
    if (amount.trim() !== '' && !(Number.isFinite(amountNumber) && amountNumber > 0)) {
      found.amount = REFUND_TEXTS.badAmount;
    }
    if (reason.trim() === '') found.reason = REFUND_TEXTS.reasonMissing;
    if (total <= 0 && !found.amount) found.what = REFUND_TEXTS.nothingChosen;
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  return (
    <section className="refund-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Refund</h2>
      <p>
        Refunded so far: {money(refunded)} of {money(captured)} captured
      </p>
      <form onSubmit={check} noValidate>
        {lines.length > 0 && (
          <fieldset className="refund-lines">
            <legend>Lines</legend>
            {lines.map((line) => (
              <FormField
                key={line.sku}
                label={`${line.name} (${line.sku}): units to refund, ${line.left} of ${line.bought} left`}
                type="number"
                min={0}
                max={line.left}
                step={1}
                disabled={line.left === 0}
                value={units[line.sku] ?? 0}
                onChange={(event) => {
                  const wanted = Math.trunc(Number(event.target.value)) || 0;
                  const quantity = Math.min(Math.max(wanted, 0), line.left);
                  setUnits((previous) => ({ ...previous, [line.sku]: quantity }));
                }}
              />
            ))}
          </fieldset>
        )}
        {shippingPaid > 0 && (
          <label className="refund-shipping">
            <input
              type="checkbox"
              checked={shipping}
              disabled={shippingRefunded}
              onChange={(event) => setShipping(event.target.checked)}
            />{' '}
            Refund the shipping ({shippingRefunded ? 'refunded already' : money(shippingPaid)})
          </label>
        )}
        <FormField
          label={`Amount (${currency.toUpperCase()})`}
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <FormField
          label="Reason"
          maxLength={200}
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="refund-summary" aria-live="polite">
          Will refund: <strong>{money(Math.max(total, 0))}</strong>
        </p>
        {errors.what && (
          <p className="form-field-error" role="alert">
            {errors.what}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={send.busy}>
          Refund
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        question={`Refund ${money(total)} of order #${order.number ?? ''}?`}
        busy={send.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send.run({ orderId: order._id, request: request() })}
      />
    </section>
  );
}
