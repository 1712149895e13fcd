import { useSyncExternalStore } from 'react';
import { readStored, removeStored, writeStored } from './storage';

/**
 * The discount code the shopper gave (typed in the cart or followed a `/discount/CODE` link
 * with), kept in localStorage under `discountCode` beside the cart, so that it survives a reload
 * and travels with the quote, the payment and the order. One code at a time: a new one replaces
 * it; placing the order forgets it. Shared by every tab, like the cart.
 */

const DISCOUNT_CODE_KEY = 'discountCode';
/** The longest code the checkout calls take (`discountCodeFieldSchema`). */
const CODE_MAX_LENGTH = 40;

/** A code as kept: trimmed, in capitals; none when blank or longer than the calls take. */
const codeOf = {
  parse: (data: unknown): string | null => {
    const code = typeof data === 'string' ? data.trim().toUpperCase() : '';
    return code !== '' && code.length <= CODE_MAX_LENGTH ? code : null;
  },
};

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISCOUNT_CODE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored code, in capitals (codes are compared without regard to case), or null. */
const storedDiscountCode = (): string | null => readStored(DISCOUNT_CODE_KEY, codeOf);

/**
 * Keeps `code` as the shopper's code, in place of any other, and answers it as kept; null, and
 * nothing changed, when it is blank or longer than the calls take.
 */
export function storeDiscountCode(code: string): string | null {
  const kept = codeOf.parse(code);
  if (!kept) return null;
  writeStored(DISCOUNT_CODE_KEY, kept);
  notify();
  return kept;
}

export function forgetDiscountCode() {
  removeStored(DISCOUNT_CODE_KEY);
  notify();
}

/**
 * The shopper's code, or null. The server renders without one (it cannot read the browser's
 * storage), and the stored one comes in right after hydration.
 */
export const useDiscountCode = (): string | null =>
  useSyncExternalStore(subscribe, storedDiscountCode, () => null);
