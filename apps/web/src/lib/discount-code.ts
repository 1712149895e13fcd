import { useSyncExternalStore } from 'react';
import { readStored, removeStored, writeStored } from './storage';

/**
 * The discount code the shopper gave (typed in the cart or followed a `/discount/CODE` link
 * with), kept in localStorage under `discountCode` beside the cart, so that it survives a reload
 * and travels with the quote, the payment and the order. One code at a time: a new one replaces
 * it; placing the order forgets it. Shared by every tab, like the cart.
 */

const DISCOUNT_CODE_KEY = 'discountCode';

const codeOf = {
  parse: (data: unknown): string | null =>
    typeof data === 'string' && data.trim() !== '' ? data.trim().toUpperCase() : null,
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
export const storedDiscountCode = (): string | null => readStored(DISCOUNT_CODE_KEY, codeOf);

/** Keeps `code` as the shopper's code (blank: none). */
export function storeDiscountCode(code: string) {
  const kept = codeOf.parse(code);
  if (kept) writeStored(DISCOUNT_CODE_KEY, kept);
  else removeStored(DISCOUNT_CODE_KEY);
  notify();
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
