import {
  CATEGORY_DEFAULT_PER_PAGE,
  categoryListResponseSchema,
  categoryRequestSchema,
  categoryResponseSchema,
  idParamsSchema,
  listQuerySchema,
  messageResponseSchema,
} from '@shop/contracts';
import { defineRoute, notModified } from '../../lib/route.js';
import { catalogueJsonRoute } from '../catalogue/index.js';
import { categoryAudit, madeCategoryAudit } from './audit.js';
import {
  categoryListAnswer,
  createCategory,
  deleteCategory,
  type ProductsInCategory,
  updateCategory,
} from './use-cases.js';

/** The category form: a request without a body is told that the name is required. */
const categoryForm = { json: categoryRequestSchema, absent: 'empty' } as const;

export interface CategoryRoutesOptions {
  /** The products in a category (the app gives the products' count): one holding any stays. */
  productsIn: ProductsInCategory;
}

export const categoryRoutes = ({ productsIn }: CategoryRoutesOptions) => [
  catalogueJsonRoute({
    method: 'get',
    path: '/api/v1/category/get-category',
    access: 'public',
    summary: 'Categories',
    query: listQuerySchema(CATEGORY_DEFAULT_PER_PAGE),
    responses: { 200: categoryListResponseSchema, 304: notModified },
    failures: [400, 503],
    answer: (catalogue, { query }) => ({ body: categoryListAnswer(catalogue, query) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/category/create-category',
    access: { staff: ['catalogue'], to: 'manage categories' },
    summary: 'Create a category',
    body: categoryForm,
    responses: { 201: categoryResponseSchema },
    failures: [400, 409, 413],
    audit: madeCategoryAudit,
    handler: async ({ body }, _req, res) => {
      const category = await createCategory(body);
      res.status(201).json({ success: true, message: 'New category created', category });
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/category/update-category/{id}',
    access: { staff: ['catalogue'], to: 'manage categories' },
    summary: 'Rename a category',
    params: idParamsSchema,
    body: categoryForm,
    responses: { 200: categoryResponseSchema },
    failures: [400, 404, 409, 413],
    audit: categoryAudit,
    handler: async ({ params, body }, _req, res) => {
      const category = await updateCategory(params.id, body);
      res.json({ success: true, message: 'Category Updated Successfully', category });
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/category/delete-category/{id}',
    access: { staff: ['catalogue'], to: 'manage categories' },
    summary: 'Delete a category that no product uses',
    params: idParamsSchema,
    responses: { 200: messageResponseSchema },
    failures: [400, 404, 409],
    audit: categoryAudit,
    handler: async ({ params }, _req, res) => {
      await deleteCategory(params.id, productsIn);
      res.json({ success: true, message: 'Category Deleted Successfully' });
    },
  }),
];
