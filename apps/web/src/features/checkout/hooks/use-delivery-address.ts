import { type DeliveryAddress, deliveryAddressSchema, type User } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { storeQuery } from '../../../lib/store-settings';
import { useFields } from '../../../lib/use-form';

/** Where the order goes, as confirmed, whether the profile keeps it, and how it is shipped. */
export interface Delivery {
  address: DeliveryAddress;
  save: boolean;
  /** The `_id` of the shipping method chosen among the quote's; none when none is offered. */
  shippingMethod?: string | undefined;
  /** A guest's e-mail, which checks out instead of an account (none when signed in). */
  email?: string | undefined;
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

/** A postal code beside a town, before or after it: a word with a digit (`10115`, `SW1Y`). */
const CODE_BEFORE_TOWN = /^(\S*\d\S*)\s+(.+)$/u;
const CODE_AFTER_TOWN = /^(.+?)\s+(\S*\d\S*)$/u;

/**
 * The profile's address text (the spec's one field: `42 Demo Lane, Springfield`) as the form's
 * street, city and postal code: its last part (after a comma or a line break) is the town, a
 * postal code written before or after it set apart (`10115 Berlin`, `Springfield 62704`); the
 * parts before it are the street. One part alone is the street. The shopper checks the rest.
 */
function addressFromText(text: string): Pick<DeliveryAddress, 'street' | 'city' | 'postalCode'> {
  const parts = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const town = parts.length > 1 ? (parts.at(-1) ?? '') : '';
  const street = (town ? parts.slice(0, -1) : parts).join(', ');
  const before = CODE_BEFORE_TOWN.exec(town);
  if (before) return { street, postalCode: before[1] ?? '', city: before[2] ?? '' };
  const after = CODE_AFTER_TOWN.exec(town);
  if (after) return { street, city: after[1] ?? '', postalCode: after[2] ?? '' };
  return { street, city: town, postalCode: '' };
}

/**
 * The delivery address saved on the profile, else the profile's address text, name and phone to
 * start from, in the shop's own country (the store settings' `country`).
 */
const prefilled = (user: User, shopCountry: string): Record<Field, string> =>
  user.deliveryAddress ?? {
    name: user.name,
    ...addressFromText(user.address),
    country: shopCountry,
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
  const shopCountry = useQuery(storeQuery()).data?.country ?? '';
  const fields = useFields(prefilled(user, shopCountry));
  // Settings read after the form opened fill an empty country once; a country the shopper
  // cleared stays cleared.
  const countryOffered = useRef(shopCountry !== '');
  const { set } = fields;
  useEffect(() => {
    if (countryOffered.current || shopCountry === '') return;
    countryOffered.current = true;
    if (!user.deliveryAddress) set({ country: shopCountry });
  }, [shopCountry, user.deliveryAddress, set]);
  const checked = deliveryAddressSchema.safeParse(fields.values);
  // Only an address the shopper saved is theirs as it stands; one read from the profile's text
  // is a guess they confirm.
  const [confirmed, setConfirmed] = useState(() =>
    user.deliveryAddress && checked.success ? checked.data : null,
  );
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
