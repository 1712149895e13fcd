import {
  idParamsSchema,
  listQuerySchema,
  productFiltersRequestSchema,
  productFormSchema,
  productPageParamsSchema,
  RELATED_DEFAULT_PER_PAGE,
  relatedProductParamsSchema,
  searchParamsSchema,
  slugParamsSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/contracts';
import type { RequestHandler } from 'express';
import { Router } from 'express';
import { requireAdmin } from '../auth/index.js';
import {
  type CachedRoute,
  catalogJsonRoute,
  foldText,
  mountCachedRoutes,
} from '../catalog/index.js';
import { productPhotoRoute } from './photo-route.js';
import {
  countProducts,
  filterProducts,
  getProductBySlug,
  listAllProducts,
  listProductPage,
  productsOfCategory,
  relatedProducts,
  searchProducts,
} from './queries.js';
import { photoUpload } from './upload.js';
import { createProduct, deleteProduct, updateProduct } from './use-cases.js';

export interface ProductRoutesOptions {
  signedIn: RequestHandler;
  /** Upload limit for one product photo, in bytes. */
  maxPhotoBytes: number;
}

const listQuery = listQuerySchema();
const relatedQuery = listQuerySchema(RELATED_DEFAULT_PER_PAGE);

/**
 * The catalogue reads: answered from memory, each answer kept under its route and what shapes
 * it (parsed, validated, normalised), so every way of asking for one answer shares it.
 */
export const productReads: CachedRoute[] = [
  catalogJsonRoute({
    method: 'get',
    path: '/get-product',
    input: ({ query }) => listQuery.parse(query),
    answer: (catalog, query) => {
      const { products, total } = listAllProducts(catalog, query);
      const countTotal = products.length;
      return { body: { success: true, countTotal, message: 'All Products', products, total } };
    },
  }),
  catalogJsonRoute({
    method: 'get',
    path: '/get-product/:slug',
    input: ({ params }) => slugParamsSchema.parse(params),
    answer: (catalog, { slug }) => ({
      body: {
        success: true,
        message: 'Single Product Fetched',
        product: getProductBySlug(catalog, slug),
      },
    }),
  }),
  catalogJsonRoute({
    method: 'get',
    path: '/product-count',
    input: () => ({}),
    answer: (catalog) => ({ body: { success: true, total: countProducts(catalog) } }),
  }),
  catalogJsonRoute({
    method: 'get',
    path: '/product-list/:page',
    input: ({ params }) => productPageParamsSchema.parse(params),
    answer: (catalog, { page }) => ({
      body: { success: true, products: listProductPage(catalog, page) },
    }),
  }),
  catalogJsonRoute({
    method: 'post',
    path: '/product-filters',
    input: ({ body, query }) => {
      const { checked, radio } = productFiltersRequestSchema.parse(body ?? {});
      // The categories are a set: in any order, named twice or not, the same products.
      return { checked: [...new Set(checked)].sort(), radio, ...listQuery.parse(query) };
    },
    answer: (catalog, { checked, radio, ...query }) => ({
      body: { success: true, ...filterProducts(catalog, { checked, radio }, query) },
    }),
  }),
  catalogJsonRoute({
    method: 'get',
    path: '/search/:keyword',
    input: ({ params, query }) => {
      const { keyword } = searchParamsSchema.parse(params);
      // The search sees the keyword folded ('Crème' as 'creme'), so its answer does too.
      return { keyword: foldText(keyword), ...listQuery.parse(query) };
    },
    answer: (catalog, { keyword, ...query }) => {
      const { products, total } = searchProducts(catalog, keyword, query);
      return { body: products, headers: { [TOTAL_COUNT_HEADER]: String(total) } };
    },
  }),
  catalogJsonRoute({
    method: 'get',
    path: '/related-product/:productId/:categoryId',
    input: ({ params, query }) => ({
      ...relatedProductParamsSchema.parse(params),
      ...relatedQuery.parse(query),
    }),
    answer: (catalog, { productId, categoryId, ...query }) => ({
      body: { success: true, ...relatedProducts(catalog, productId, categoryId, query) },
    }),
  }),
  catalogJsonRoute({
    method: 'get',
    path: '/product-category/:slug',
    input: ({ params, query }) => ({
      ...slugParamsSchema.parse(params),
      ...listQuery.parse(query),
    }),
    answer: (catalog, { slug, ...query }) => ({
      body: { success: true, ...productsOfCategory(catalog, slug, query) },
    }),
  }),
  productPhotoRoute,
];

export function productRoutes({ signedIn, maxPhotoBytes }: ProductRoutesOptions) {
  const router = Router();
  // Always after signedIn and requireAdmin, so nobody else gets to upload bytes.
  const upload = photoUpload(maxPhotoBytes);

  mountCachedRoutes(router, productReads);

  router.post('/create-product', signedIn, requireAdmin, upload, async (req, res) => {
    const form = productFormSchema.parse(req.body ?? {});
    const product = await createProduct(form, req.file?.buffer);
    res.status(201).json({ success: true, message: 'Product Created Successfully', product });
  });

  router.put('/update-product/:id', signedIn, requireAdmin, upload, async (req, res) => {
    const { id } = idParamsSchema.parse(req.params);
    const product = await updateProduct(
      id,
      productFormSchema.parse(req.body ?? {}),
      req.file?.buffer,
    );
    res.json({ success: true, message: 'Product Updated Successfully', product });
  });

  router.delete('/product/:id', signedIn, requireAdmin, async (req, res) => {
    await deleteProduct(idParamsSchema.parse(req.params).id);
    res.json({ success: true, message: 'Product Deleted successfully' });
  });

  return router;
}
