import {
  idParamsSchema,
  productFiltersRequestSchema,
  productFormSchema,
  productPageParamsSchema,
  relatedProductParamsSchema,
  searchParamsSchema,
  slugParamsSchema,
} from '@shop/contracts';
import type { RequestHandler } from 'express';
import { Router } from 'express';
import { requireAdmin } from '../auth/middleware.js';
import { productPhotoHandler } from './photo-route.js';
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

export function productRoutes({ signedIn, maxPhotoBytes }: ProductRoutesOptions) {
  const router = Router();
  // Always after signedIn and requireAdmin, so nobody else gets to upload bytes.
  const upload = photoUpload(maxPhotoBytes);

  router.get('/get-product', async (_req, res) => {
    const products = await listAllProducts();
    res.json({ success: true, countTotal: products.length, message: 'All Products', products });
  });

  router.get('/get-product/:slug', async (req, res) => {
    const product = await getProductBySlug(slugParamsSchema.parse(req.params).slug);
    res.json({ success: true, message: 'Single Product Fetched', product });
  });

  router.get('/product-count', async (_req, res) => {
    res.json({ success: true, total: await countProducts() });
  });

  router.get('/product-list/:page', async (req, res) => {
    const { page } = productPageParamsSchema.parse(req.params);
    res.json({ success: true, products: await listProductPage(page) });
  });

  router.post('/product-filters', async (req, res) => {
    const filters = productFiltersRequestSchema.parse(req.body ?? {});
    res.json({ success: true, products: await filterProducts(filters) });
  });

  router.get('/search/:keyword', async (req, res) => {
    res.json(await searchProducts(searchParamsSchema.parse(req.params).keyword));
  });

  router.get('/related-product/:productId/:categoryId', async (req, res) => {
    const { productId, categoryId } = relatedProductParamsSchema.parse(req.params);
    res.json({ success: true, products: await relatedProducts(productId, categoryId) });
  });

  router.get('/product-category/:slug', async (req, res) => {
    const { category, products } = await productsOfCategory(
      slugParamsSchema.parse(req.params).slug,
    );
    res.json({ success: true, category, products });
  });

  router.get('/product-photo/:id', productPhotoHandler);

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
