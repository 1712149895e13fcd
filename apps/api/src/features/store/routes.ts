import { storeAdminSchema, storeSchema, storeUpdateSchema } from '@shop/contracts';
import { defineRoute } from '../../lib/route.js';
import { storeChangesOf } from './input.js';
import { presentStoreAdmin } from './presenter.js';
import { storeAdminSettings, storeSettings, updateStore } from './use-cases.js';

export interface StoreRoutesOptions {
  /** Whether any product or order holds an amount in the store currency's minor unit. */
  holdsMoney: () => Promise<boolean>;
}

export const storeRoutes = ({ holdsMoney }: StoreRoutesOptions) => [
  defineRoute({
    method: 'get',
    path: '/api/v1/store',
    access: 'public',
    summary: 'The shop’s name, currency, whether prices include tax, and its country',
    responses: { 200: storeSchema },
    failures: [],
    handler: async (_input, _req, res) => {
      res.json(await storeSettings());
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/store/admin',
    access: { staff: [], to: 'read the store settings' },
    summary:
      'The shop’s settings as the owner edits them, with the largest refund support may give',
    responses: { 200: storeAdminSchema },
    failures: [],
    handler: async (_input, _req, res) => {
      res.json(presentStoreAdmin(await storeAdminSettings()));
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/store',
    access: { staff: [], to: 'change the store settings' },
    summary:
      'Change the shop’s settings; a currency with another number of decimals only while no product or order holds money',
    body: { json: storeUpdateSchema, absent: 'empty' },
    responses: { 200: storeAdminSchema },
    failures: [400, 409, 413],
    handler: async ({ body }, _req, res) => {
      res.json(presentStoreAdmin(await updateStore(storeChangesOf(body), holdsMoney)));
    },
  }),
];
