import type { FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { DELIVERY_FIELDS, type useDeliveryAddress } from '../hooks/use-delivery-address';
import './DeliveryAddressForm.css';

/** The delivery address of the checkout; the card form shows once it is confirmed. */
export function DeliveryAddressForm({
  address,
  canSave = true,
}: {
  address: ReturnType<typeof useDeliveryAddress>;
  /** False for a guest, who has no profile to keep it on. */
  canSave?: boolean;
}) {
  const { bind, problems, confirm, delivery, save, setSave } = address;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm();
  };
  return (
    <form
      className="card-panel delivery-address"
      aria-label="Delivery address"
      onSubmit={submit}
      noValidate
    >
      <h3>Delivery address</h3>
      {DELIVERY_FIELDS.map(({ field, label, autoComplete }) => (
        <FormField
          key={field}
          label={label}
          autoComplete={autoComplete}
          required
          error={problems[field]}
          {...bind(field)}
        />
      ))}
      {canSave && (
        <label className="delivery-address-save">
          <input
            type="checkbox"
            checked={save}
            onChange={(event) => setSave(event.target.checked)}
          />{' '}
          Save this address to my profile
        </label>
      )}
      {delivery ? (
        <p className="muted delivery-address-note">Your order will be delivered to this address.</p>
      ) : (
        <button type="submit" className="btn btn-primary">
          Deliver to this address
        </button>
      )}
    </form>
  );
}
