import {
  allProductsResponseSchema,
  idParamsSchema,
  listQuerySchema,
  messageResponseSchema,
  pagedProductListResponseSchema,
  productCategoryResponseSchema,
  productCountResponseSchema,
  productFiltersRequestSchema,
  productFormSchema,
  productListResponseSchema,
  productPageParamsSchema,
  productResponseSchema,
  RELATED_DEFAULT_PER_PAGE,
  relatedProductParamsSchema,
  searchParamsSchema,
  searchResponseSchema,
  slugParamsSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/contracts';
import { adminProductsQuerySchema } from '@shop/contracts/admin-products';
import {
  productVariantsRequestSchema,
  variantParamsSchema,
} from '@shop/contracts/variants-request';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { defineRoute, type FileSpec, notModified } from '../../lib/route.js';
import { catalogueJsonRoute, currentCatalogue } from '../catalogue/index.js';
import { listProductsForAdmin } from './admin-listing.js';
import { madeProductAudit, productAudit } from './audit.js';
import { productFormInput, variantsInput } from './input.js';
import { productPhotoRoute } from './photo-route.js';
import { productAnswer } from './presenter.js';
import { filterProducts, listAllProducts, productAnswers, searchProducts } from './queries.js';
import { photoUpload } from './upload.js';
import { createProduct, deleteProduct, updateProduct } from './use-cases.js';
import { setVariantPhoto } from './variant-photo.js';
import { setVariants } from './variants.js';

export interface ProductRoutesOptions {
  /** Upload limit for one product photo, in bytes. */
  maxPhotoBytes: number;
}

const photoFile = (required: boolean): FileSpec => ({
  field: 'photo',
  required,
  description: 'JPEG, PNG, GIF or WebP; at most MAX_PHOTO_BYTES',
});

export function productRoutes({ maxPhotoBytes }: ProductRoutesOptions) {
  // Read after the admin check, so nobody else gets to upload bytes.
  const read = photoUpload(maxPhotoBytes);

  return [
    catalogueJsonRoute({
      method: 'get',
      path: '/api/v1/product/get-product',
      access: 'public',
      summary: 'Products, newest first',
      query: listQuerySchema(),
      responses: { 200: allProductsResponseSchema, 304: notModified },
      failures: [400, 503],
      answer: (catalogue, { query }) => {
        const { products, total } = listAllProducts(catalogue, query);
        const countTotal = products.length;
        return { body: { success: true, countTotal, message: 'All Products', products, total } };
      },
    }),
    catalogueJsonRoute({
      method: 'get',
      path: '/api/v1/product/get-product/{slug}',
      access: 'public',
      summary: 'One product',
      params: slugParamsSchema,
      responses: { 200: productResponseSchema, 304: notModified },
      failures: [400, 404, 503],
      answer: (catalogue, { params: { slug } }) => ({
        body: productAnswers.bySlug(catalogue, slug),
      }),
    }),
    catalogueJsonRoute({
      method: 'get',
      path: '/api/v1/product/product-count',
      access: 'public',
      summary: 'How many products there are',
      responses: { 200: productCountResponseSchema, 304: notModified },
      failures: [503],
      answer: (catalogue) => ({ body: productAnswers.count(catalogue) }),
    }),
    catalogueJsonRoute({
      method: 'get',
      path: '/api/v1/product/product-list/{page}',
      access: 'public',
      summary: 'A page of 6 products, newest first',
      params: productPageParamsSchema,
      responses: { 200: productListResponseSchema, 304: notModified },
      failures: [400, 503],
      answer: (catalogue, { params: { page } }) => ({ body: productAnswers.page(catalogue, page) }),
    }),
    catalogueJsonRoute({
      method: 'post',
      path: '/api/v1/product/product-filters',
      access: 'public',
      summary: 'Products in any of the checked categories and the price band',
      body: { json: productFiltersRequestSchema, absent: 'optional' },
      query: listQuerySchema(),
      responses: { 200: pagedProductListResponseSchema },
      failures: [400, 413, 503],
      answer: (catalogue, { body: filters, query }) => ({
        body: { success: true, ...filterProducts(catalogue, filters, query) },
      }),
    }),
    catalogueJsonRoute({
      method: 'get',
      path: '/api/v1/product/search/{keyword}',
      access: 'public',
      summary: 'Products whose name or description contains the keyword (name matches first)',
      params: searchParamsSchema,
      query: listQuerySchema(),
      responses: {
        200: {
          description: `A bare list; the total is in ${TOTAL_COUNT_HEADER}`,
          body: searchResponseSchema,
          headers: z.object({
            [TOTAL_COUNT_HEADER]: z.string().regex(/^\d+$/).meta({ description: 'Matches in all' }),
          }),
        },
        304: notModified,
      },
      failures: [400, 503],
      answer: (catalogue, { params: { keyword }, query }) => {
        const { products, total } = searchProducts(catalogue, keyword, query);
        return { body: products, headers: { [TOTAL_COUNT_HEADER]: String(total) } };
      },
    }),
    catalogueJsonRoute({
      method: 'get',
      path: '/api/v1/product/related-product/{productId}/{categoryId}',
      access: 'public',
      summary: 'Other products of the category',
      params: relatedProductParamsSchema,
      query: listQuerySchema(RELATED_DEFAULT_PER_PAGE),
      responses: { 200: pagedProductListResponseSchema, 304: notModified },
      failures: [400, 503],
      answer: (catalogue, { params: { productId, categoryId }, query }) => ({
        body: productAnswers.related(catalogue, productId, categoryId, query),
      }),
    }),
    catalogueJsonRoute({
      method: 'get',
      path: '/api/v1/product/product-category/{slug}',
      access: 'public',
      summary: 'A category and its products',
      params: slugParamsSchema,
      query: listQuerySchema(),
      responses: { 200: productCategoryResponseSchema, 304: notModified },
      failures: [400, 404, 503],
      answer: (catalogue, { params: { slug }, query }) => ({
        body: productAnswers.ofCategory(catalogue, slug, query),
      }),
    }),
    productPhotoRoute,
    defineRoute({
      method: 'get',
      path: '/api/v1/product/admin-products',
      access: { staff: ['catalogue'], to: 'manage products' },
      summary:
        'The admin’s products table: a search by name or SKU, a category, an order (newest, name, price, stock) and a page',
      query: adminProductsQuerySchema,
      responses: { 200: pagedProductListResponseSchema },
      failures: [400],
      handler: async ({ query }, _req, res) => {
        const page = listProductsForAdmin(await currentCatalogue(), query);
        res.json({ success: true, ...page });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/product/create-product',
      access: { staff: ['catalogue'], to: 'manage products' },
      summary: 'Create a product',
      body: { multipart: productFormSchema, file: photoFile(true), read },
      responses: { 201: productResponseSchema },
      failures: [400, 409, 413],
      audit: madeProductAudit,
      handler: async ({ body }, req, res) => {
        const created = await createProduct(await productFormInput(body), req.file?.buffer);
        const product = await productAnswer(created);
        res.status(201).json({ success: true, message: 'Product Created Successfully', product });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/product/update-product/{id}',
      access: { staff: ['catalogue'], to: 'manage products' },
      summary: 'Change a product (a new photo is optional)',
      params: idParamsSchema,
      body: { multipart: productFormSchema, file: photoFile(false), read },
      responses: { 200: productResponseSchema },
      failures: [400, 404, 409, 413],
      audit: productAudit,
      handler: async ({ params, body }, req, res) => {
        const form = await productFormInput(body);
        const product = await productAnswer(await updateProduct(params.id, form, req.file?.buffer));
        res.json({ success: true, message: 'Product Updated Successfully', product });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/product/product-variants/{id}',
      access: { staff: ['catalogue'], to: 'manage products' },
      summary:
        'Set a product’s options and variants: SKU, option values, price and stock of each combination kept',
      params: idParamsSchema,
      body: { json: productVariantsRequestSchema },
      responses: { 200: productResponseSchema },
      failures: [400, 404, 409, 413],
      audit: productAudit,
      handler: async ({ params, body }, _req, res) => {
        const product = await productAnswer(
          await setVariants(params.id, await variantsInput(body)),
        );
        res.json({ success: true, message: 'Variants Updated Successfully', product });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/product/product-variants/{id}/{variantId}/photo',
      access: { staff: ['catalogue'], to: 'manage products' },
      summary: 'Give a variant a photo of its own (served at product-photo/{variantId})',
      params: variantParamsSchema,
      body: { multipart: z.object({}), file: photoFile(true), read },
      responses: { 200: productResponseSchema },
      failures: [400, 404, 409, 413],
      audit: productAudit,
      handler: async ({ params }, req, res) => {
        if (!req.file) throw badRequest('Photo is required');
        const withPhoto = await setVariantPhoto(params.id, params.variantId, req.file.buffer);
        const product = await productAnswer(withPhoto);
        res.json({ success: true, message: 'Variant Photo Updated Successfully', product });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/product/product-variants/{id}/{variantId}/photo',
      access: { staff: ['catalogue'], to: 'manage products' },
      summary: 'Take a variant’s own photo away: it shows the product’s again',
      params: variantParamsSchema,
      responses: { 200: productResponseSchema },
      failures: [400, 404, 409],
      audit: productAudit,
      handler: async ({ params }, _req, res) => {
        const product = await productAnswer(
          await setVariantPhoto(params.id, params.variantId, null),
        );
        res.json({ success: true, message: 'Variant Photo Removed Successfully', product });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/product/product/{id}',
      access: { staff: ['catalogue'], to: 'manage products' },
      summary: 'Delete a product and its photo',
      params: idParamsSchema,
      responses: { 200: messageResponseSchema },
      failures: [400, 404],
      audit: productAudit,
      handler: async ({ params }, _req, res) => {
        await deleteProduct(params.id);
        res.json({ success: true, message: 'Product Deleted successfully' });
      },
    }),
  ];
}
