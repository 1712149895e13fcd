import {
  allProductsResponseSchema,
  LIST_MAX_PER_PAGE,
  messageResponseSchema,
} from '@shop/contracts';
import { discountResponseSchema, discountsResponseSchema } from '@shop/contracts/discount';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { outcome } from '../shared/outcome';
import type { CheckedDiscount } from './draft';

const BASE = '/api/v1/discounts';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const discountQueries = {
  /** Every discount, with how many orders carry each. */
  list: () => ({
    queryKey: ['discounts', 'list'] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await getParsed(BASE, outcome(discountsResponseSchema), signal)).discounts,
  }),
  /** The products a discount may be limited to: the newest page of the catalogue's largest. */
  products: () => ({
    queryKey: ['discounts', 'products'] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const url = pageOf('/api/v1/product/get-product', 1, LIST_MAX_PER_PAGE);
      return (await getParsed(url, allProductsResponseSchema, signal)).products;
    },
  }),
};

export const createDiscount = (input: CheckedDiscount) =>
  sendParsed('post', BASE, input, outcome(discountResponseSchema));

/** `PUT` takes the whole input, as `POST` does (pausing is `active: false`). */
export const updateDiscount = (id: string, input: CheckedDiscount) =>
  sendParsed('put', one(id), input, outcome(discountResponseSchema));

export const deleteDiscount = (id: string) =>
  sendParsed('delete', one(id), undefined, outcome(messageResponseSchema));
