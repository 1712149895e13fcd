import {
  BUILT_IN_TAX_CLASSES,
  type TaxSettingsRequest,
  taxSettingsResponseSchema,
  taxSettingsSavedResponseSchema,
} from '@shop/contracts/tax';
import { mutationOptions, useQuery } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { PRIVATE_READ } from '../../../lib/query';
import { outcome } from '../shared/outcome';

const TAX = '/api/v1/tax';

/**
 * `['admin', 'tax']`: the rates and classes, and the class shipping is taxed as; the product
 * form reads its classes from the same answer.
 */
export const taxQuery = {
  queryKey: ['admin', 'tax'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getParsed(TAX, taxSettingsResponseSchema, signal),
};

export const saveTaxSettings = (settings: TaxSettingsRequest) =>
  sendParsed('put', TAX, settings, outcome(taxSettingsSavedResponseSchema));

/** Saving the rates: the answer holds the settings as saved, which the tax read then holds. */
export const taxWrite = () =>
  mutationOptions({
    mutationFn: saveTaxSettings,
    onSuccess: (answer, _settings, _result, { client }) =>
      client.setQueryData(taxQuery.queryKey, answer),
  });

/**
 * The classes a product or variant may be taxed as: the shop's, or the built-in ones until (or
 * unless) they are read, and those `inUse` (a select must still show a class the list lacks).
 */
export function useTaxClasses(...inUse: readonly string[]): readonly string[] {
  const { data } = useQuery({ ...taxQuery, ...PRIVATE_READ });
  return [...new Set([...(data?.classes ?? BUILT_IN_TAX_CLASSES), ...inUse])];
}
