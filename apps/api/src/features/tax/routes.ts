import {
  taxSettingsRequestSchema,
  taxSettingsResponseSchema,
  taxSettingsSavedResponseSchema,
} from '@shop/contracts/tax';
import { defineRoute } from '../../lib/route.js';
import { taxAudit } from './audit.js';
import { saveTaxSettings, storedTaxSettings, taxSettingsAnswer } from './use-cases.js';

const PATH = '/api/v1/tax';

export const taxRoutes = [
  defineRoute({
    method: 'get',
    path: PATH,
    access: { staff: [], to: 'manage taxes' },
    summary:
      'Tax rates per country and class (0.19 for 19 %), the class shipping is taxed as, and the classes a product may have',
    responses: { 200: taxSettingsResponseSchema },
    failures: [],
    handler: async (_input, _req, res) => {
      res.json({ success: true, ...taxSettingsAnswer(await storedTaxSettings()) });
    },
  }),
  defineRoute({
    method: 'put',
    path: PATH,
    access: { staff: [], to: 'manage taxes' },
    summary:
      'Replace every tax rate and the class shipping is taxed as: one rate per country and class, at most 4 decimals; a class is named by giving it a rate',
    body: { json: taxSettingsRequestSchema },
    responses: { 200: taxSettingsSavedResponseSchema },
    failures: [400, 413],
    audit: taxAudit,
    handler: async ({ body }, _req, res) => {
      const saved = await saveTaxSettings(body);
      res.json({ success: true, message: 'Tax rates saved', ...taxSettingsAnswer(saved) });
    },
  }),
];
