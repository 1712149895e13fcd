import type { InputHTMLAttributes } from 'react';
import { FormField } from './FormField';

/** The account's fields as the login, register and profile forms label them (spec §2). */
const ACCOUNT_FIELDS = {
  name: { label: 'Name', placeholder: 'Enter Your Name', autoComplete: 'name' },
  email: { label: 'Email', type: 'email', placeholder: 'Enter Your Email', autoComplete: 'email' },
  password: { label: 'Password', type: 'password', placeholder: 'Enter Your Password' },
  phone: { label: 'Phone', type: 'tel', placeholder: 'Enter Your Phone', autoComplete: 'tel' },
  address: { label: 'Address', placeholder: 'Enter Your Address', autoComplete: 'street-address' },
} as const;

/** One account field; what the form passes (value, onChange, required...) comes on top. */
export function AccountField({
  field,
  ...input
}: { field: keyof typeof ACCOUNT_FIELDS } & InputHTMLAttributes<HTMLInputElement>) {
  return <FormField {...ACCOUNT_FIELDS[field]} {...input} />;
}
