import {
  allProductsResponseSchema,
  allUsersResponseSchema,
  authCheckResponseSchema,
  CATEGORY_DEFAULT_PER_PAGE,
  categoryListResponseSchema,
  categoryRequestSchema,
  categoryResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  LIST_DEFAULT_PER_PAGE,
  listQuerySchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  orderStatusRequestSchema,
  ordersResponseSchema,
  pagedProductListResponseSchema,
  placeOrderRequestSchema,
  productCategoryResponseSchema,
  productCountResponseSchema,
  productFiltersRequestSchema,
  productFormSchema,
  productListResponseSchema,
  productPageParamsSchema,
  productPhotoQuerySchema,
  productResponseSchema,
  profileUpdateErrorSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  RELATED_DEFAULT_PER_PAGE,
  registerRequestSchema,
  registerResponseSchema,
  relatedProductParamsSchema,
  searchParamsSchema,
  searchResponseSchema,
  slugParamsSchema,
  stripeConfigResponseSchema,
  TOTAL_COUNT_HEADER,
  webhookResponseSchema,
} from '@shop/contracts';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';

/** Why a call can fail; every failure answers `{ success: false, message }`. */
const FAILURES = {
  400: 'The input is not valid',
  401: 'Not signed in, or the token is invalid, expired or revoked',
  402: 'The payment was declined or has not succeeded',
  403: 'Administrators only, or not yours',
  404: 'Not found',
  409: 'Clashes with the current state (a duplicate, stock ran out, a change meanwhile)',
  413: 'The body or the photo is too large',
  429: 'Too many attempts; try again later',
  502: 'The payment provider is unavailable',
  503: 'The database, a lock or card payments are unavailable right now',
} as const;
type FailureStatus = keyof typeof FAILURES;

const failures = (...statuses: FailureStatus[]): ZodOpenApiResponsesObject =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: FAILURES[status],
        content: { 'application/json': { schema: errorResponseSchema } },
      },
    ]),
  );

const ok = (schema: z.ZodType, description = 'OK', status = 200): ZodOpenApiResponsesObject => ({
  [String(status)]: { description, content: { 'application/json': { schema } } },
});

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

/** A JSON request body the call cannot do without. */
const body = (schema: z.ZodType) => ({ required: true, ...json(schema) });

/** A call open to everyone; its list of failures always includes an unreachable database. */
const open = (
  summary: string,
  operation: Omit<ZodOpenApiOperationObject, 'summary' | 'responses'>,
  responses: ZodOpenApiResponsesObject,
  ...statuses: FailureStatus[]
): ZodOpenApiOperationObject => ({
  summary,
  ...operation,
  responses: { ...responses, ...failures(...statuses, 503) },
});

/** A call for a signed-in user (`Authorization: <token>` or `Bearer <token>`). */
const user = (...args: Parameters<typeof open>): ZodOpenApiOperationObject => {
  const operation = open(...args);
  return {
    ...operation,
    security: [{ token: [] }],
    responses: { ...operation.responses, ...failures(401) },
  };
};

/** A call for an administrator. */
const admin = (...args: Parameters<typeof open>): ZodOpenApiOperationObject => {
  const operation = user(...args);
  return { ...operation, responses: { ...operation.responses, ...failures(403) } };
};

/**
 * The profile screen reads a refusal's reason from `error` as well as `message` (absent when the
 * body could not be read or the rate limit answered).
 */
const withProfileFailures = (operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject => {
  const failure = json(profileUpdateErrorSchema.extend({ error: z.string().optional() }));
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => [
    status,
    status.startsWith('4') ? { ...response, ...failure } : response,
  ]);
  return { ...operation, responses: Object.fromEntries(responses) };
};

const paging = (defaultPerPage = LIST_DEFAULT_PER_PAGE) => ({
  query: listQuerySchema(defaultPerPage),
});

/** The multipart form of create-product and update-product: text fields and the photo file. */
const productMultipart = (photo: 'required' | 'optional') => {
  const file = z.string().meta({
    description: 'JPEG, PNG, GIF or WebP; at most MAX_PHOTO_BYTES',
    override: { type: 'string', contentMediaType: 'application/octet-stream' },
  });
  const schema = productFormSchema.extend({
    photo: photo === 'required' ? file : file.optional(),
  });
  return { required: true, content: { 'multipart/form-data': { schema } } };
};

const photoBytes = {
  description: 'The photo: the original as uploaded, or a WebP rendition',
  content: {
    'image/*': {
      schema: z.string().meta({ override: { type: 'string', contentMediaType: 'image/*' } }),
    },
  },
};

/** The shop's API as OpenAPI 3.1, generated from the zod schemas of `@shop/contracts`. */
export function buildOpenApiDocument(version: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Shop API',
      version,
      description:
        'Every failure answers `{ success: false, message }` with a 4xx (or a 502/503 when a ' +
        'dependency is unavailable). Lists take optional `page` and `perPage` (at most 100).',
    },
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The token from login, raw or as `Bearer <token>`',
        },
      },
    },
    paths: {
      '/healthz': {
        get: {
          summary: 'Whether the API and its database answer',
          responses: {
            '200': {
              description: 'Up',
              ...json(z.object({ ok: z.literal(true), database: z.literal('up') })),
            },
            '503': {
              description: 'The database does not answer',
              ...json(z.object({ ok: z.literal(false), database: z.literal('down') })),
            },
          },
        },
      },
      '/api/v1/auth/register': {
        post: open(
          'Register an account',
          { requestBody: body(registerRequestSchema) },
          ok(registerResponseSchema, 'Registered', 201),
          400,
          409,
          413,
          429,
        ),
      },
      '/api/v1/auth/login': {
        post: open(
          'Sign in',
          { requestBody: body(loginRequestSchema) },
          ok(loginResponseSchema),
          400,
          401,
          413,
          429,
        ),
      },
      '/api/v1/auth/user-auth': {
        get: user('Whether the token is valid', {}, ok(authCheckResponseSchema)),
      },
      '/api/v1/auth/admin-auth': {
        get: admin('Whether the token is an administrator’s', {}, ok(authCheckResponseSchema)),
      },
      '/api/v1/auth/profile': {
        put: withProfileFailures(
          user(
            'Update one’s profile (an empty password keeps it)',
            { requestBody: body(profileUpdateRequestSchema) },
            ok(profileUpdateResponseSchema),
            400,
            404,
            413,
            429,
          ),
        ),
      },
      '/api/v1/auth/all-users': {
        get: admin(
          'All users, newest first',
          { requestParams: paging() },
          ok(allUsersResponseSchema),
          400,
        ),
      },
      '/api/v1/auth/orders': {
        get: user(
          'The signed-in user’s orders',
          { requestParams: paging() },
          ok(ordersResponseSchema),
          400,
        ),
      },
      '/api/v1/auth/all-orders': {
        get: admin(
          'All orders, newest first',
          { requestParams: paging() },
          ok(ordersResponseSchema),
          400,
        ),
      },
      '/api/v1/auth/order-status/{orderId}': {
        put: admin(
          'Change an order’s status; cancel gives back its stock and money once',
          {
            requestParams: { path: orderIdParamsSchema },
            requestBody: body(orderStatusRequestSchema),
          },
          ok(orderResponseSchema),
          400,
          404,
          409,
          413,
          502,
        ),
      },
      '/api/v1/category/get-category': {
        get: open(
          'Categories',
          { requestParams: paging(CATEGORY_DEFAULT_PER_PAGE) },
          ok(categoryListResponseSchema),
          400,
        ),
      },
      '/api/v1/category/create-category': {
        post: admin(
          'Create a category',
          { requestBody: body(categoryRequestSchema) },
          ok(categoryResponseSchema, 'Created', 201),
          400,
          409,
          413,
        ),
      },
      '/api/v1/category/update-category/{id}': {
        put: admin(
          'Rename a category',
          { requestParams: { path: idParamsSchema }, requestBody: body(categoryRequestSchema) },
          ok(categoryResponseSchema),
          400,
          404,
          409,
          413,
        ),
      },
      '/api/v1/category/delete-category/{id}': {
        delete: admin(
          'Delete a category that no product uses',
          { requestParams: { path: idParamsSchema } },
          ok(messageResponseSchema),
          400,
          404,
          409,
        ),
      },
      '/api/v1/product/get-product': {
        get: open(
          'Products, newest first',
          { requestParams: paging() },
          ok(allProductsResponseSchema),
          400,
        ),
      },
      '/api/v1/product/get-product/{slug}': {
        get: open(
          'One product',
          { requestParams: { path: slugParamsSchema } },
          ok(productResponseSchema),
          400,
          404,
        ),
      },
      '/api/v1/product/product-count': {
        get: open('How many products there are', {}, ok(productCountResponseSchema)),
      },
      '/api/v1/product/product-list/{page}': {
        get: open(
          'A page of 6 products, newest first',
          { requestParams: { path: productPageParamsSchema } },
          ok(productListResponseSchema),
          400,
        ),
      },
      '/api/v1/product/product-filters': {
        post: open(
          'Products in any of the checked categories and the price band',
          { requestParams: paging(), requestBody: json(productFiltersRequestSchema) },
          ok(pagedProductListResponseSchema),
          400,
          413,
        ),
      },
      '/api/v1/product/search/{keyword}': {
        get: open(
          'Products whose name or description contains the keyword (name matches first)',
          { requestParams: { path: searchParamsSchema, ...paging() } },
          {
            '200': {
              description: `A bare list; the total is in ${TOTAL_COUNT_HEADER}`,
              headers: z.object({
                [TOTAL_COUNT_HEADER]: z
                  .string()
                  .regex(/^\d+$/)
                  .meta({ description: 'Matches in all' }),
              }),
              ...json(searchResponseSchema),
            },
          },
          400,
        ),
      },
      '/api/v1/product/related-product/{productId}/{categoryId}': {
        get: open(
          'Other products of the category',
          {
            requestParams: {
              path: relatedProductParamsSchema,
              ...paging(RELATED_DEFAULT_PER_PAGE),
            },
          },
          ok(pagedProductListResponseSchema),
          400,
        ),
      },
      '/api/v1/product/product-category/{slug}': {
        get: open(
          'A category and its products',
          { requestParams: { path: slugParamsSchema, ...paging() } },
          ok(productCategoryResponseSchema),
          400,
          404,
        ),
      },
      '/api/v1/product/product-photo/{id}': {
        get: open(
          'A product’s photo: the original, or with v and w an immutable WebP rendition',
          { requestParams: { path: idParamsSchema, query: productPhotoQuerySchema } },
          { '200': photoBytes, '304': { description: 'Not modified (If-None-Match)' } },
          400,
          404,
        ),
      },
      '/api/v1/product/create-product': {
        post: admin(
          'Create a product',
          { requestBody: productMultipart('required') },
          ok(productResponseSchema, 'Created', 201),
          400,
          409,
          413,
        ),
      },
      '/api/v1/product/update-product/{id}': {
        put: admin(
          'Change a product (a new photo is optional)',
          { requestParams: { path: idParamsSchema }, requestBody: productMultipart('optional') },
          ok(productResponseSchema),
          400,
          404,
          409,
          413,
        ),
      },
      '/api/v1/product/product/{id}': {
        delete: admin(
          'Delete a product and its photo',
          { requestParams: { path: idParamsSchema } },
          ok(messageResponseSchema),
          400,
          404,
        ),
      },
      '/api/v1/order/config': {
        get: {
          summary: 'The publishable key and currency the web app pays with',
          responses: ok(stripeConfigResponseSchema),
        },
      },
      '/api/v1/order/create-payment-intent': {
        post: user(
          'Authorize the cart’s amount (prices come from the database)',
          { requestBody: body(createPaymentIntentRequestSchema) },
          ok(createPaymentIntentResponseSchema),
          400,
          402,
          404,
          409,
          413,
          429,
          502,
        ),
      },
      '/api/v1/order/place-order': {
        post: user(
          'Turn an authorized PaymentIntent into an order (idempotent)',
          { requestBody: body(placeOrderRequestSchema) },
          {
            ...ok(orderResponseSchema, 'Placed', 201),
            ...ok(orderResponseSchema, 'Already placed for this payment'),
          },
          400,
          402,
          403,
          404,
          409,
          413,
          429,
          502,
        ),
      },
      '/api/v1/order/webhook': {
        post: open(
          'Stripe’s events, verified by their signature',
          {
            requestParams: { header: z.object({ 'stripe-signature': z.string().optional() }) },
            requestBody: {
              content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
            },
          },
          ok(webhookResponseSchema, 'Received'),
          400,
          413,
          502,
        ),
      },
    },
  });
}
