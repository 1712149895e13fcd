import type { OrderStatus } from '@shop/contracts';
import {
  carrierSchema,
  KNOWN_CARRIERS,
  type OrderStatusRequest,
  trackingNumberSchema,
} from '@shop/contracts/tracking';
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';

export const STATUS_CHANGE_TEXTS = {
  emailed: 'The buyer will be e-mailed.',
  givenBack: 'Their payment is given back and the items return to stock.',
  carrier: 'Carrier (optional)',
  trackingNumber: 'Tracking number (optional)',
  linked: `${KNOWN_CARRIERS.map((carrier) => carrier.name).join(', ')} numbers get a tracking link.`,
  confirm: 'Change status',
  cancel: 'Cancel',
} as const;

/** The shipment's fields as typed: empty means not given. */
const NO_SHIPMENT = { carrier: '', trackingNumber: '' };

type Shipment = Pick<OrderStatusRequest, 'carrier' | 'trackingNumber'>;

/** The shipment as the API takes it, or what is wrong with each field (the contract's words). */
function readShipment({ carrier, trackingNumber }: typeof NO_SHIPMENT) {
  const carrierRead = carrierSchema.safeParse(carrier);
  const numberRead =
    trackingNumber.trim() === '' ? undefined : trackingNumberSchema.safeParse(trackingNumber);
  const errors = {
    carrier: carrierRead.error?.issues[0]?.message,
    trackingNumber: numberRead?.error?.issues[0]?.message,
  };
  if (errors.carrier || errors.trackingNumber) return { errors };
  const shipment: Shipment = {
    ...(carrierRead.data ? { carrier: carrierRead.data } : {}),
    ...(numberRead?.data ? { trackingNumber: numberRead.data } : {}),
  };
  return { shipment };
}

interface StatusChangeDialogProps {
  /** The status asked for. */
  next: OrderStatus;
  /** The order's number, when it has one (the title names it). */
  orderNumber?: number | undefined;
  onConfirm: (shipment: Shipment) => void;
  onCancel: () => void;
  busy: boolean;
}

/**
 * Asks before a status change, which e-mails the buyer; `Shipped` takes the shipment's carrier
 * and tracking number, both optional. Cancel (or Escape) sends nothing. Shown only while a
 * change is asked, so each one starts with empty fields.
 */
export function StatusChangeDialog({
  next,
  orderNumber,
  onConfirm,
  onCancel,
  busy,
}: StatusChangeDialogProps) {
  const carriersId = useId();
  const [fields, setFields] = useState(NO_SHIPMENT);
  const [errors, setErrors] = useState<{ carrier?: string; trackingNumber?: string }>({});
  const field = (key: keyof typeof NO_SHIPMENT) => ({
    value: fields[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      setFields((previous) => ({ ...previous, [key]: event.target.value })),
  });
  const close = () => {
    if (!busy) onCancel();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (next !== 'Shipped') return onConfirm({});
    const read = readShipment(fields);
    setErrors(read.errors ?? {});
    if (read.shipment) onConfirm(read.shipment);
  };

  const order = orderNumber === undefined ? 'this order' : `order #${orderNumber}`;
  return (
    <Modal open title={`Set ${order} to ${next}?`} onClose={close}>
      <form className="status-change" onSubmit={submit} noValidate>
        <p>
          {STATUS_CHANGE_TEXTS.emailed}
          {next === 'cancel' && ` ${STATUS_CHANGE_TEXTS.givenBack}`}
        </p>
        {next === 'Shipped' && (
          <>
            <FormField
              label={STATUS_CHANGE_TEXTS.carrier}
              list={carriersId}
              autoComplete="off"
              {...field('carrier')}
            />
            <datalist id={carriersId}>
              {KNOWN_CARRIERS.map(({ name }) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <FormField
              label={STATUS_CHANGE_TEXTS.trackingNumber}
              autoComplete="off"
              {...field('trackingNumber')}
            />
            <p className="muted">{STATUS_CHANGE_TEXTS.linked}</p>
          </>
        )}
        <div className="confirm-actions">
          <button type="button" className="btn btn-outline" onClick={close} disabled={busy}>
            {STATUS_CHANGE_TEXTS.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {STATUS_CHANGE_TEXTS.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
