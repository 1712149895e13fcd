import { ORDER_STATUSES, type OrderStatus, orderStatusSchema } from '@shop/contracts';
import { type ChangeEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSubmit } from '../../../lib/use-form';
import { orderStatusWrite } from './api';
import { StatusChangeDialog } from './StatusChangeDialog';
import './orders.css';

export const ORDER_STATUS_TEXTS = {
  updated: 'Order status updated',
  failed: 'Failed to update order status',
} as const;

interface OrderStatusSelectProps {
  orderId: string;
  /** The order's number, which the confirmation names. */
  orderNumber?: number | undefined;
  status: OrderStatus;
  /** The select's accessible name, naming the order it belongs to. */
  label: string;
}

/**
 * The admin's status dropdown of one order: any value may follow any other. A change e-mails
 * the buyer, so the choice is asked to be confirmed first (StatusChangeDialog, which takes a
 * shipment with `Shipped`); it shows at once and goes back to the saved value when cancelled
 * or refused. Once saved, the orders are read again (orderStatusWrite), wherever they show.
 */
export function OrderStatusSelect({ orderId, orderNumber, status, label }: OrderStatusSelectProps) {
  const [value, setValue] = useState(status);
  const [asked, setAsked] = useState<OrderStatus | null>(null);
  useEffect(() => setValue(status), [status]);

  const save = useSubmit(orderStatusWrite(), {
    onSuccess: () => {
      setAsked(null);
      toast.success(ORDER_STATUS_TEXTS.updated);
    },
    onFailure: (err) => {
      console.error(err);
      setAsked(null);
      setValue(status);
      return ORDER_STATUS_TEXTS.failed;
    },
  });

  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = orderStatusSchema.parse(event.target.value);
    setValue(next);
    setAsked(next);
  };
  const cancel = () => {
    setAsked(null);
    setValue(status);
  };

  return (
    <>
      <select
        className="form-control order-status-select"
        aria-label={label}
        value={value}
        disabled={save.busy}
        onChange={handleChange}
      >
        {ORDER_STATUSES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {asked && (
        <StatusChangeDialog
          next={asked}
          orderNumber={orderNumber}
          busy={save.busy}
          onCancel={cancel}
          onConfirm={(shipment) => void save.run({ orderId, status: asked, ...shipment })}
        />
      )}
    </>
  );
}
