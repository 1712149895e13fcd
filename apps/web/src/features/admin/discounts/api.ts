import {
  allProductsResponseSchema,
  LIST_MAX_PER_PAGE,
  messageResponseSchema,
} from '@shop/contracts';
import { discountResponseSchema, discountsResponseSchema } from '@shop/contracts/discount';
import { mutationOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { invalidate } from '../../../lib/query';
import { outcome } from '../shared/outcome';
import type { CheckedDiscount } from './draft';

const BASE = '/api/v1/discounts';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const discountQueries = {
  /** `['admin', 'discounts']`: the discounts screen's reads. */
  all: ['admin', 'discounts'] as const,
  /** `['admin', 'discounts', 'list']`: every discount, with how many orders carry each. */
  list: () => ({
    queryKey: ['admin', 'discounts', 'list'] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await getParsed(BASE, outcome(discountsResponseSchema), signal)).discounts,
  }),
  /**
   * `['admin', 'discounts', 'products']`: the products a discount may be limited to, the newest
   * page of the catalogue's largest.
   */
  products: () => ({
    queryKey: ['admin', 'discounts', 'products'] as const,
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

/**
 * The discounts' writes: each changes the discounts' list (the checkout's quotes, which apply
 * them, are asked again on every visit and kept by no cache).
 */
export const discountWrites = {
  /** A new discount (`id` null), or the whole of an existing one replaced (pausing too). */
  save: () =>
    mutationOptions({
      mutationFn: ({ id, input }: { id: string | null; input: CheckedDiscount }) =>
        id === null ? createDiscount(input) : updateDiscount(id, input),
      onSuccess: (_answer, _sent, _result, { client }) =>
        invalidate(client, [discountQueries.list().queryKey]),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: deleteDiscount,
      onSuccess: (_answer, _id, _result, { client }) =>
        invalidate(client, [discountQueries.list().queryKey]),
    }),
};
