import { idParamsSchema, messageResponseSchema } from '@shop/contracts';
import {
  discountInputSchema,
  discountResponseSchema,
  discountsResponseSchema,
} from '@shop/contracts/discount';
import { defineRoute } from '../../lib/route.js';
import { discountAudit, madeDiscountAudit } from './audit.js';
import { discountFields } from './input.js';
import { discountAnswer, discountAnswers } from './presenter.js';
import { allDiscounts, createDiscount, deleteDiscount, updateDiscount } from './use-cases.js';

const PATH = '/api/v1/discounts';

/** A request without a body is told what the form lacks first (its title). */
const discountForm = { json: discountInputSchema, absent: 'empty' } as const;

export const discountRoutes = [
  defineRoute({
    method: 'get',
    path: PATH,
    access: { staff: [], to: 'manage discounts' },
    summary: 'Every discount code and automatic promotion, newest first, with its usage',
    responses: { 200: discountsResponseSchema },
    failures: [],
    handler: async (_input, _req, res) => {
      res.json({ success: true, discounts: await discountAnswers(await allDiscounts()) });
    },
  }),
  defineRoute({
    method: 'post',
    path: PATH,
    access: { staff: [], to: 'manage discounts' },
    summary: 'Create a discount code (unique whatever its case) or an automatic promotion',
    body: discountForm,
    responses: { 201: discountResponseSchema },
    failures: [400, 409, 413],
    audit: madeDiscountAudit,
    handler: async ({ body }, _req, res) => {
      const discount = await discountAnswer(await createDiscount(await discountFields(body)));
      res.status(201).json({ success: true, message: 'Discount created', discount });
    },
  }),
  defineRoute({
    method: 'put',
    path: `${PATH}/{id}`,
    access: { staff: [], to: 'manage discounts' },
    summary: 'Replace a discount’s settings (the whole input; active: false pauses it)',
    params: idParamsSchema,
    body: discountForm,
    responses: { 200: discountResponseSchema },
    failures: [400, 404, 409, 413],
    audit: discountAudit,
    handler: async ({ params, body }, _req, res) => {
      const fields = await discountFields(body);
      const discount = await discountAnswer(await updateDiscount(params.id, fields));
      res.json({ success: true, message: 'Discount updated', discount });
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${PATH}/{id}`,
    access: { staff: [], to: 'manage discounts' },
    summary: 'Delete a discount; orders placed with it keep what it took off',
    params: idParamsSchema,
    responses: { 200: messageResponseSchema },
    failures: [400, 404],
    audit: discountAudit,
    handler: async ({ params }, _req, res) => {
      await deleteDiscount(params.id);
      res.json({ success: true, message: 'Discount deleted' });
    },
  }),
];
