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
import { sendCatalogJson } from '../catalog/index.js';
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

  router.get('/get-product', async (req, res) => {
    const query = listQuerySchema().parse(req.query);
    await sendCatalogJson(req, res, `get-product ${query.page} ${query.perPage}`, (catalog) => {
      const { products, total } = listAllProducts(catalog, query);
      const countTotal = products.length;
      return { body: { success: true, countTotal, message: 'All Products', products, total } };
    });
  });

  router.get('/get-product/:slug', async (req, res) => {
    const { slug } = slugParamsSchema.parse(req.params);
    await sendCatalogJson(req, res, `product ${slug}`, (catalog) => ({
      body: {
        success: true,
        message: 'Single Product Fetched',
        product: getProductBySlug(catalog, slug),
      },
    }));
  });

  router.get('/product-count', async (req, res) => {
    await sendCatalogJson(req, res, 'product-count', (catalog) => ({
      body: { success: true, total: countProducts(catalog) },
    }));
  });

  router.get('/product-list/:page', async (req, res) => {
    const { page } = productPageParamsSchema.parse(req.params);
    await sendCatalogJson(req, res, `product-list ${page}`, (catalog) => ({
      body: { success: true, products: listProductPage(catalog, page) },
    }));
  });

  router.post('/product-filters', async (req, res) => {
    const filters = productFiltersRequestSchema.parse(req.body ?? {});
    const query = listQuerySchema().parse(req.query);
    const key = `filters ${JSON.stringify(filters)} ${query.page} ${query.perPage}`;
    await sendCatalogJson(req, res, key, (catalog) => ({
      body: { success: true, ...filterProducts(catalog, filters, query) },
    }));
  });

  router.get('/search/:keyword', async (req, res) => {
    const { keyword } = searchParamsSchema.parse(req.params);
    const query = listQuerySchema().parse(req.query);
    const key = `search ${query.page} ${query.perPage} ${keyword}`;
    await sendCatalogJson(req, res, key, (catalog) => {
      const { products, total } = searchProducts(catalog, keyword, query);
      return { body: products, headers: { [TOTAL_COUNT_HEADER]: String(total) } };
    });
  });

  router.get('/related-product/:productId/:categoryId', async (req, res) => {
    const { productId, categoryId } = relatedProductParamsSchema.parse(req.params);
    const query = listQuerySchema(RELATED_DEFAULT_PER_PAGE).parse(req.query);
    const key = `related ${productId} ${categoryId} ${query.page} ${query.perPage}`;
    await sendCatalogJson(req, res, key, (catalog) => ({
      body: { success: true, ...relatedProducts(catalog, productId, categoryId, query) },
    }));
  });

  router.get('/product-category/:slug', async (req, res) => {
    const { slug } = slugParamsSchema.parse(req.params);
    const query = listQuerySchema().parse(req.query);
    const key = `category ${slug} ${query.page} ${query.perPage}`;
    await sendCatalogJson(req, res, key, (catalog) => ({
      body: { success: true, ...productsOfCategory(catalog, slug, query) },
    }));
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
