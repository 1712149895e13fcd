import { currencyDigits, RETURN_WINDOW_DAYS_DEFAULT, type Store } from '@shop/contracts';
import { DEFAULT_STORE_NAME } from '@shop/contracts/storefront';
import { conflict } from '../../lib/errors.js';
import type { StoreChanges } from './input.js';
import { readStore, type StoreSettings, writeStore } from './repository.js';

/**
 * What a shop without settings starts with: the header's name, and the currency the
 * environment's STRIPE_CURRENCY names (see useFirstCurrency), prices without tax.
 */
let first: Store = {
  name: DEFAULT_STORE_NAME,
  currency: 'usd',
  pricesIncludeTax: false,
  country: 'US',
  returnWindowDays: RETURN_WINDOW_DAYS_DEFAULT,
  staffTwoFactorRequired: false,
};

/**
 * The currency a shop without settings starts with. STRIPE_CURRENCY only seeds that first
 * value: once the settings are stored, the admin's screen changes them.
 */
export function useFirstCurrency(currency: string): void {
  first = { ...first, currency };
}

/**
 * The shop's settings: `{ name, currency, pricesIncludeTax, country, returnWindowDays,
 * staffTwoFactorRequired }`.
 */
export async function storeSettings(): Promise<Store> {
  const { supportRefundLimit: _, ...store } = await readStore(first);
  return store;
}

/** The settings with the ones only the owner reads (`supportRefundLimit`, in minor units). */
export const storeAdminSettings = (): Promise<StoreSettings> => readStore(first);

/** The largest refund a support account may give at once, in minor units of the currency. */
export const supportRefundLimit = async (): Promise<number> =>
  (await readStore(first)).supportRefundLimit;

/** The currency of every price the shop stores and answers (minor units of it inside). */
export const storeCurrency = async (): Promise<string> => (await storeSettings()).currency;

/**
 * The shop's name: every page's title and link previews, the seller of its offers, and every
 * e-mail's sender and signature.
 */
export const storeName = async (): Promise<string> => (await storeSettings()).name;

/** Whether every staff account must set up two-factor sign-in before it can do anything else. */
export const staffTwoFactorRequired = async (): Promise<boolean> =>
  (await storeSettings()).staffTwoFactorRequired;

export const CURRENCY_DIGITS_LOCKED =
  'The currency can change only to one with as many decimals while the shop has products, orders or shipping rates: their amounts are kept in its minor unit';

/**
 * Replaces the settings. Every stored price is an integer of the currency's minor unit, so a
 * change to a currency with another number of decimals (usd to jpy) would multiply or divide
 * every price and figure by 100: refused with 409 while the shop has any (`holdsMoney`). A
 * change between currencies with as many decimals (usd to eur) keeps every amount's number;
 * each order keeps the currency it was paid in. `returnWindowDays`, `staffTwoFactorRequired`
 * and `supportRefundLimit` left out stay as they are.
 */
export async function updateStore(
  next: StoreChanges,
  holdsMoney: () => Promise<boolean>,
): Promise<StoreSettings> {
  const current = await readStore(first);
  const digitsChange = currencyDigits(next.currency) !== currencyDigits(current.currency);
  if (digitsChange && (await holdsMoney())) throw conflict(CURRENCY_DIGITS_LOCKED, 'currency');
  const store = {
    ...next,
    returnWindowDays: next.returnWindowDays ?? current.returnWindowDays,
    supportRefundLimit: next.supportRefundLimit ?? current.supportRefundLimit,
    staffTwoFactorRequired: next.staffTwoFactorRequired ?? current.staffTwoFactorRequired,
  };
  if (!(await writeStore(store, current.currency))) {
    throw conflict('The store settings changed meanwhile; read them again');
  }
  return store;
}
