import { type DeliveryAddress, deliveryAddressSchema, type User } from '@shop/contracts';
import { useState } from 'react';
import { useFields } from '../../../lib/use-form';

/** Where the order goes, as confirmed, whether the profile keeps it, and how it is shipped. */
export interface Delivery {
  address: DeliveryAddress;
  save: boolean;
  /** The `_id` of the shipping method chosen among the quote's; none when none is offered. */
  shippingMethod?: string | undefined;
}

type Field = keyof DeliveryAddress;

/** The form's fields in order, with their labels and what the browser may fill them with. */
export const DELIVERY_FIELDS: readonly { field: Field; label: string; autoComplete: string }[] = [
  { field: 'name', label: 'Recipient name', autoComplete: 'shipping name' },
  { field: 'street', label: 'Street', autoComplete: 'shipping street-address' },
  { field: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { field: 'postalCode', label: 'Postal code', autoComplete: 'shipping postal-code' },
  { field: 'country', label: 'Country', autoComplete: 'shipping country-name' },
  { field: 'phone', label: 'Phone', autoComplete: 'shipping tel' },
];

/** The address saved on the profile, else the account's name and phone to start from. */
const prefilled = (user: User): Record<Field, string> =>
  user.deliveryAddress ?? {
    name: user.name,
    street: '',
    city: '',
    postalCode: '',
    country: '',
    phone: user.phone,
  };

/** Beside its field, the contracts' message needs no 'Delivery address: ' before it. */
const besideField = (message: string) => {
  const text = message.replace(/^Delivery address: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The delivery address of a checkout: prefilled from the profile, checked with the API's own
 * rules, and confirmed by the shopper (a complete address saved on the profile is confirmed
 * from the start). Changing a field takes the confirmation back until it is confirmed again;
 * a field's problem shows once confirming failed, and goes as it is put right.
 */
export function useDeliveryAddress(user: User) {
  const fields = useFields(prefilled(user));
  const checked = deliveryAddressSchema.safeParse(fields.values);
  const [confirmed, setConfirmed] = useState(() => (checked.success ? checked.data : null));
  const [showProblems, setShowProblems] = useState(false);
  const [save, setSave] = useState(false);

  const problems: Partial<Record<Field, string>> = {};
  if (showProblems && !checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as Field;
      problems[field] ??= besideField(issue.message);
    }
  }

  const bind = (field: Field) => {
    const bound = fields.bind(field);
    return {
      ...bound,
      onChange: (event: Parameters<typeof bound.onChange>[0]) => {
        bound.onChange(event);
        setConfirmed(null);
      },
    };
  };

  const confirm = () => {
    setShowProblems(!checked.success);
    setConfirmed(checked.success ? checked.data : null);
  };

  const delivery: Delivery | null = confirmed ? { address: confirmed, save } : null;
  return { bind, problems, confirm, delivery, save, setSave };
}
