import {
  CATEGORY_DEFAULT_PER_PAGE,
  categoryRequestSchema,
  idParamsSchema,
  listQuerySchema,
} from '@shop/contracts';
import type { RequestHandler } from 'express';
import { Router } from 'express';
import { requireAdmin } from '../auth/index.js';
import { type CachedRoute, catalogJsonRoute, mountCachedRoutes } from '../catalog/index.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from './use-cases.js';

const categoryQuery = listQuerySchema(CATEGORY_DEFAULT_PER_PAGE);

/** The categories, answered from memory and kept by page (see the products' reads). */
export const categoryReads: CachedRoute[] = [
  catalogJsonRoute({
    method: 'get',
    path: '/get-category',
    input: ({ query }) => categoryQuery.parse(query),
    answer: (catalog, query) => ({
      body: { success: true, message: 'All Categories List', ...listCategories(catalog, query) },
    }),
  }),
];

export function categoryRoutes({ signedIn }: { signedIn: RequestHandler }) {
  const router = Router();

  mountCachedRoutes(router, categoryReads);

  router.post('/create-category', signedIn, requireAdmin, async (req, res) => {
    const category = await createCategory(categoryRequestSchema.parse(req.body ?? {}));
    res.status(201).json({ success: true, message: 'New category created', category });
  });

  router.put('/update-category/:id', signedIn, requireAdmin, async (req, res) => {
    const { id } = idParamsSchema.parse(req.params);
    const category = await updateCategory(id, categoryRequestSchema.parse(req.body ?? {}));
    res.json({ success: true, message: 'Category Updated Successfully', category });
  });

  router.delete('/delete-category/:id', signedIn, requireAdmin, async (req, res) => {
    const { id } = idParamsSchema.parse(req.params);
    await deleteCategory(id);
    res.json({ success: true, message: 'Category Deleted Successfully' });
  });

  return router;
}
