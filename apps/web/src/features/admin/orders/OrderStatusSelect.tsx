import { ORDER_STATUSES, type OrderStatus, orderStatusSchema } from '@shop/contracts';
import { type ChangeEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSubmit } from '../../../lib/use-form';
import { orderStatusWrite } from './api';
import './orders.css';

export const ORDER_STATUS_TEXTS = {
  updated: 'Order status updated',
  failed: 'Failed to update order status',
} as const;

interface OrderStatusSelectProps {
  orderId: string;
  status: OrderStatus;
  /** The select's accessible name, naming the order it belongs to. */
  label: string;
}

/**
 * The admin's status dropdown of one order: any value may follow any other. The choice shows
 * at once and goes back to the saved value when the server refuses it; once saved, the orders
 * are read again (orderStatusWrite), wherever they show.
 */
export function OrderStatusSelect({ orderId, status, label }: OrderStatusSelectProps) {
  const [value, setValue] = useState(status);
  useEffect(() => setValue(status), [status]);

  const save = useSubmit(orderStatusWrite(), {
    onSuccess: () => toast.success(ORDER_STATUS_TEXTS.updated),
    onFailure: (err) => {
      console.error(err);
      setValue(status);
      return ORDER_STATUS_TEXTS.failed;
    },
  });

  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = orderStatusSchema.parse(event.target.value);
    setValue(next);
    void save.run({ orderId, status: next });
  };

  return (
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
  );
}
