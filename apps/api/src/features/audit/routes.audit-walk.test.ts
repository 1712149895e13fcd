import { type AuditEntry, auditListResponseSchema } from '@shop/contracts/audit';
import type { Test } from 'supertest';
import {
  imageBytes,
  makeCategory,
  makeShirt,
  productForm,
  sendForm,
} from '../../test/catalogue.js';
import { csvOf, sendImport } from '../../test/catalogue-csv.js';
import { createDiscount } from '../../test/discounts.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { type Api, createUser } from '../../test/harness.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { paidOrder } from '../../test/refunds.js';
import { askReturn, keyOf, returnOf, shirtOrder } from '../../test/returns.js';
import { buyerOf, postReview } from '../../test/reviews.js';
import { SECRET_FIELD } from './changes.js';

/**
 * Every staff write of the API, as its OpenAPI document lists them, made once by an owner: each
 * leaves exactly one entry in the audit log, naming the write, its target and what changed.
 */

test.afterEach(({ stripe }) => stripe.heal());

const staffWrites = async (api: Api) => {
  const { body } = await api.get('/api/openapi.json').expect(200);
  const paths = body.paths as Record<string, Record<string, { 'x-staff-roles'?: unknown }>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      operation['x-staff-roles'] && method !== 'get' ? [`${method} ${path}`] : [],
    ),
  );
};

/** The whole log, newest first. */
async function auditLog(api: Api, token: string): Promise<AuditEntry[]> {
  const res = await api.get('/api/v1/audit?perPage=100').set('Authorization', token).expect(200);
  return auditListResponseSchema.parse(res.body).entries;
}

/** One staff write: the call, and what its entry must say. */
interface Write {
  call: (token: string) => Test;
  type: AuditEntry['target']['type'];
  /** The target's id, when it is known before the call (else the answer's). */
  target?: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string;
}

async function arrange(api: Api, categoryId: string, stripe: Parameters<typeof paidOrder>[0]) {
  const customer = await createUser();
  const product = await makeOrderedProduct(25);
  const doomed = await makeOrderedProduct(5);
  const shirt = await makeShirt(categoryId);
  const black = shirt.variant('M', 'Black');
  const orderId = await paidOrder(stripe);
  const shirtOrderId = await shirtOrder(stripe, shirt);
  const { number, key } = await keyOf(shirtOrderId);
  const asked = { lines: [{ sku: black.sku, quantity: 1 }], reason: 'Too big' };
  const returned = returnOf((await askReturn(api, number, asked, { key }).expect(201)).body);
  const reviewed = await makeOrderedProduct();
  const reviewId = await postReview(api, reviewed.id, await buyerOf(reviewed));
  const renamed = await makeCategory();
  const emptied = await makeCategory();
  return {
    customer,
    product,
    doomed,
    shirt,
    black,
    orderId,
    returned,
    reviewed,
    reviewId,
    renamed,
    emptied,
  };
}

describe('the audit log, write by write', () => {
  test('when an owner makes every staff write once, then each leaves one entry naming it, its target and only what changed, and no entry holds a secret', async ({
    api,
    admin,
    category,
    stripe,
  }) => {
    const t = await arrange(api, category.id, stripe);
    const discount = await createDiscount(api, admin, { kind: 'percentage', value: 10 });
    const as = (method: 'put' | 'post' | 'delete', path: string) => (token: string) =>
      api[method](path).set('Authorization', token);
    const json =
      (method: 'put' | 'post' | 'delete', path: string, body: object) => (token: string) =>
        as(method, path)(token).send(body);
    const photo = await imageBytes('png', '#0f0');

    const writes: Record<string, Write> = {
      'put /api/v1/auth/staff/{userId}': {
        call: json('put', `/api/v1/auth/staff/${t.customer.id}`, { staffRole: 'support' }),
        type: 'account',
        target: t.customer.id,
        before: { role: 0, staffRole: null },
        after: { role: 1, staffRole: 'support' },
      },
      'post /api/v1/auth/staff/invites': {
        call: json('post', '/api/v1/auth/staff/invites', {
          email: 'walked@example.com',
          name: 'Walked',
          staffRole: 'catalogue',
        }),
        type: 'account',
        target: 'walked@example.com',
        before: null,
        after: { email: 'walked@example.com', name: 'Walked', staffRole: 'catalogue' },
      },
      'put /api/v1/auth/order-status/{orderId}': {
        call: json('put', `/api/v1/auth/order-status/${t.orderId}`, { status: 'Processing' }),
        type: 'order',
        target: t.orderId,
        before: { status: 'Not Process' },
        after: { status: 'Processing' },
      },
      'post /api/v1/orders/{orderId}/refunds': {
        call: json('post', `/api/v1/orders/${t.orderId}/refunds`, {
          amount: 1,
          reason: 'Late delivery',
        }),
        type: 'order',
        target: t.orderId,
        before: { refundedDone: 0 },
        after: { refundedDone: 100 },
        reason: 'Late delivery',
      },
      'put /api/v1/returns/{id}': {
        call: json('put', `/api/v1/returns/${t.returned._id}`, { status: 'approved' }),
        type: 'return',
        target: t.returned._id,
        before: { status: 'requested' },
        after: { status: 'approved' },
      },
      'put /api/v1/auth/dashboard/low-stock-threshold': {
        call: json('put', '/api/v1/auth/dashboard/low-stock-threshold', { threshold: 7 }),
        type: 'settings',
        target: 'low-stock-threshold',
        before: {},
        after: { lowStockThreshold: 7 },
      },
      'put /api/v1/product/{productId}/reviews/{reviewId}/visibility': {
        call: json('put', `/api/v1/product/${t.reviewed.id}/reviews/${t.reviewId}/visibility`, {
          hidden: true,
        }),
        type: 'review',
        target: t.reviewId,
        before: { hidden: false },
        after: { hidden: true },
      },
      'post /api/v1/category/create-category': {
        call: json('post', '/api/v1/category/create-category', { name: 'Walked lamps' }),
        type: 'category',
        before: null,
        after: { name: 'Walked lamps', slug: 'walked-lamps' },
      },
      'put /api/v1/category/update-category/{id}': {
        call: json('put', `/api/v1/category/update-category/${t.renamed.id}`, { name: 'Renamed' }),
        type: 'category',
        target: t.renamed.id,
        before: { name: t.renamed.name },
        after: { name: 'Renamed', slug: 'renamed' },
      },
      'delete /api/v1/category/delete-category/{id}': {
        call: as('delete', `/api/v1/category/delete-category/${t.emptied.id}`),
        type: 'category',
        target: t.emptied.id,
        before: { name: t.emptied.name },
        after: null,
      },
      'post /api/v1/product/create-product': {
        call: (token) =>
          sendForm(
            as('post', '/api/v1/product/create-product')(token),
            productForm(category.id, { name: 'Walked lamp', price: '12' }),
            { bytes: photo },
          ),
        type: 'product',
        before: null,
        after: { name: 'Walked lamp', price: 1200 },
      },
      'put /api/v1/product/update-product/{id}': {
        call: (token) =>
          sendForm(
            as('put', `/api/v1/product/update-product/${t.product.id}`)(token),
            productForm(category.id, {
              name: t.product.name,
              price: '30',
              quantity: '3',
              reason: 'Supplier raised prices',
            }),
          ),
        type: 'product',
        target: t.product.id,
        before: { price: 2500 },
        after: { price: 3000 },
        reason: 'Supplier raised prices',
      },
      'put /api/v1/product/product-variants/{id}': {
        call: json('put', `/api/v1/product/product-variants/${t.shirt.id}`, {
          options: t.shirt.product.options,
          variants: t.shirt.product.variants.map(({ _id, sku, options, price, quantity }) => ({
            _id,
            sku,
            options,
            price: _id === t.black._id ? price + 1 : price,
            quantity,
          })),
          reason: 'Bestseller',
        }),
        type: 'product',
        target: t.shirt.id,
        before: { variants: expect.any(Array) },
        after: { variants: expect.any(Array) },
        reason: 'Bestseller',
      },
      'put /api/v1/product/product-variants/{id}/{variantId}/photo': {
        call: (token) =>
          as(
            'put',
            `/api/v1/product/product-variants/${t.shirt.id}/${t.black._id}/photo`,
          )(token).attach('photo', photo, { filename: 'black.png', contentType: 'image/png' }),
        type: 'product',
        target: t.shirt.id,
        before: { variants: expect.any(Array) },
        after: { variants: expect.any(Array) },
      },
      'delete /api/v1/product/product-variants/{id}/{variantId}/photo': {
        call: as('delete', `/api/v1/product/product-variants/${t.shirt.id}/${t.black._id}/photo`),
        type: 'product',
        target: t.shirt.id,
        before: { variants: expect.any(Array) },
        after: { variants: expect.any(Array) },
      },
      'delete /api/v1/product/product/{id}': {
        call: as('delete', `/api/v1/product/product/${t.doomed.id}`),
        type: 'product',
        target: t.doomed.id,
        before: { name: t.doomed.name, price: 500 },
        after: null,
      },
      'post /api/v1/product/import': {
        call: (token) =>
          sendImport(api, token, csvOf([{ sku: 'WALKED-1', name: 'Walked', price: '3' }]), true),
        type: 'import',
        before: null,
        after: { dryRun: true },
      },
      'put /api/v1/store': {
        call: json('put', '/api/v1/store', {
          name: 'Walked shop',
          currency: 'usd',
          pricesIncludeTax: false,
          country: 'US',
        }),
        type: 'settings',
        target: 'store',
        before: { name: expect.any(String) },
        after: { name: 'Walked shop' },
      },
      'put /api/v1/shipping/zones': {
        call: json('put', '/api/v1/shipping/zones', {
          zones: [
            {
              name: 'Home',
              countries: ['US'],
              methods: [
                { name: 'Standard', rate: { kind: 'flat', price: 4.9 }, minDays: 2, maxDays: 4 },
              ],
            },
          ],
        }),
        type: 'settings',
        target: 'shipping',
        before: { zones: expect.any(Array) },
        after: { zones: [expect.objectContaining({ name: 'Home', countries: ['US'] })] },
      },
      'put /api/v1/tax': {
        call: json('put', '/api/v1/tax', {
          rates: [{ country: 'US', class: 'standard', rate: 0.07 }],
          shippingClass: 'standard',
        }),
        type: 'settings',
        target: 'tax',
        before: { rates: [] },
        after: { rates: [{ country: 'US', class: 'standard', bp: 700 }] },
      },
      'post /api/v1/discounts': {
        call: json('post', '/api/v1/discounts', {
          title: 'Walked',
          code: 'WALKED10',
          kind: 'percentage',
          value: 10,
        }),
        type: 'discount',
        before: null,
        after: { code: 'WALKED10', percentOff: 10 },
      },
      'put /api/v1/discounts/{id}': {
        call: json('put', `/api/v1/discounts/${discount._id}`, {
          title: discount.title,
          code: discount.code,
          kind: 'percentage',
          value: 15,
        }),
        type: 'discount',
        target: discount._id,
        before: { percentOff: 10 },
        after: { percentOff: 15 },
      },
      'delete /api/v1/discounts/{id}': {
        call: as('delete', `/api/v1/discounts/${discount._id}`),
        type: 'discount',
        target: discount._id,
        before: { percentOff: 15 },
        after: null,
      },
    };
    // Every staff write is walked: one added without its case here fails.
    expect(Object.keys(writes).sort()).toEqual((await staffWrites(api)).sort());

    for (const [write, expected] of Object.entries(writes)) {
      const before = await auditLog(api, admin.token);
      const res = await expected.call(admin.token);
      expect(res.status, `${write}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      const now = await auditLog(api, admin.token);
      const added = now.slice(0, now.length - before.length);
      expect(added, write).toHaveLength(1);
      const [entry] = added as [AuditEntry];
      expect(entry, write).toMatchObject({
        actor: { _id: admin.id, staffRole: 'owner' },
        action: write,
        target: { type: expected.type, ...(expected.target ? { _id: expected.target } : {}) },
        ...(expected.reason ? { reason: expected.reason } : {}),
      });
      expect(entry.target._id, write).toBeTruthy();
      expect(entry.target.label, write).not.toBe('');
      if (expected.before === null) expect(entry.before, write).toBeNull();
      else expect(entry.before, write).toMatchObject(expected.before);
      if (expected.after === null) expect(entry.after, write).toBeNull();
      else expect(entry.after, write).toMatchObject(expected.after);
      // Only what changed: an update's before and after name the same fields.
      if (entry.before && entry.after) {
        expect(Object.keys(entry.before).sort(), write).toEqual(Object.keys(entry.after).sort());
      }
    }

    const log = JSON.stringify(await auditLog(api, admin.token));
    expect(log).not.toMatch(/\$2[aby]\$/);
    const names = [...log.matchAll(/"([^"]+)":/g)].map((match) => match[1] ?? '');
    expect(names.filter((name) => SECRET_FIELD.test(name))).toEqual([]);
  });
});
