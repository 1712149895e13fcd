import {
  fromBasisPoints,
  type TaxSettingsResponse,
  type TaxSettingsValues,
  taxClassesOf,
  toBasisPoints,
} from '@shop/contracts/tax';
import { badRequest } from '../../lib/errors.js';
import {
  insertTaxSettingsIfMissing,
  readStoredTaxSettings,
  readTaxSettings,
  replaceTaxSettings,
} from './repository.js';
import type { TaxSettings } from './settings.js';

/**
 * Every rate (in basis points) and the class shipping is taxed as, as this process keeps them (a
 * second at most behind another process's change): what checkouts price with.
 */
export const taxSettings = (): Promise<TaxSettings> => readTaxSettings();

/** The rates as stored now, for the admin who edits them. */
export const storedTaxSettings = (): Promise<TaxSettings> => readStoredTaxSettings();

/** The admin's settings in basis points; the contract let only rates of 4 decimals through. */
function inBasisPoints({ rates, shippingClass }: TaxSettingsValues): TaxSettings {
  return {
    rates: rates.map(({ country, class: taxClass, rate }) => {
      const bp = toBasisPoints(rate);
      if (bp === null) throw new Error(`Rate ${rate} passed the contract unchecked`);
      return { country, class: taxClass, bp };
    }),
    shippingClass,
  };
}

/** The settings as the API answers them: rates as decimals, and the classes there are. */
export const taxSettingsAnswer = ({
  rates,
  shippingClass,
}: TaxSettings): Omit<TaxSettingsResponse, 'success'> => ({
  rates: rates.map(({ country, class: taxClass, bp }) => ({
    country,
    class: taxClass,
    rate: fromBasisPoints(bp),
  })),
  shippingClass,
  classes: taxClassesOf(rates),
});

export async function saveTaxSettings(values: TaxSettingsValues): Promise<TaxSettings> {
  await replaceTaxSettings(inBasisPoints(values));
  return readStoredTaxSettings();
}

/** The seed's rates, saved only in a shop that never saved any: whether they were saved. */
export const saveTaxSettingsIfNone = (values: TaxSettingsValues): Promise<boolean> =>
  insertTaxSettingsIfMissing(inBasisPoints(values));

/**
 * Refuses a class the shop does not have (a typo would tax the product at 0 everywhere): the
 * built-in ones and those a rate names.
 */
export async function requireTaxClass(taxClass: string): Promise<void> {
  const classes = taxClassesOf((await readStoredTaxSettings()).rates);
  if (!classes.includes(taxClass)) {
    throw badRequest(
      `Tax class ${taxClass} is not one of the shop's (${classes.join(', ')}): give it a rate under Taxes first`,
    );
  }
}
