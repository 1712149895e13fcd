import { STAFF_ROLES, type StaffRole } from '@shop/contracts';
import mongoose from 'mongoose';
import { makeProduct } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, createStaff, createUser, unknownId } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { orderEventsCounted } from '../../test/sales.js';

/**
 * Every staff route of the API, as its OpenAPI document lists them (the route registry's own
 * declarations), called by every staff role and by a customer: allowed, or 403 naming what the
 * role cannot do, with nothing in the database changed by a refused write.
 */

interface StaffOperation {
  method: string;
  path: string;
  roles: StaffRole[];
}

async function staffOperations(api: Api): Promise<StaffOperation[]> {
  const { body } = await api.get('/api/openapi.json').expect(200);
  const paths = body.paths as Record<string, Record<string, { 'x-staff-roles'?: StaffRole[] }>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      operation['x-staff-roles'] ? [{ method, path, roles: operation['x-staff-roles'] }] : [],
    ),
  );
}

const ORDERS_READ: StaffRole[] = ['fulfilment', 'support'];
const CATALOGUE: StaffRole[] = ['catalogue'];

/** Who besides an owner may call each staff route: the table of docs/features/staff-roles.md. */
const WHO_MAY: Record<string, StaffRole[]> = {
  'get /api/v1/auth/admin-auth': ['catalogue', 'fulfilment', 'support'],
  'get /api/v1/auth/all-users': ['support'],
  'get /api/v1/auth/staff': [],
  'put /api/v1/auth/staff/{userId}': [],
  'post /api/v1/auth/staff/invites': [],
  'get /api/v1/auth/all-orders': ORDERS_READ,
  'get /api/v1/auth/all-orders.csv': ORDERS_READ,
  'put /api/v1/auth/order-status/{orderId}': ['fulfilment'],
  'post /api/v1/orders/{orderId}/refunds': ['support'],
  'get /api/v1/returns': ORDERS_READ,
  'put /api/v1/returns/{id}': ORDERS_READ,
  'get /api/v1/auth/dashboard': [],
  'put /api/v1/auth/dashboard/low-stock-threshold': [],
  'get /api/v1/reviews': CATALOGUE,
  'get /api/v1/product/{productId}/reviews/all': CATALOGUE,
  'put /api/v1/product/{productId}/reviews/{reviewId}/visibility': CATALOGUE,
  'post /api/v1/category/create-category': CATALOGUE,
  'put /api/v1/category/update-category/{id}': CATALOGUE,
  'delete /api/v1/category/delete-category/{id}': CATALOGUE,
  'get /api/v1/product/admin-products': CATALOGUE,
  'post /api/v1/product/create-product': CATALOGUE,
  'put /api/v1/product/update-product/{id}': CATALOGUE,
  'put /api/v1/product/product-variants/{id}': CATALOGUE,
  'put /api/v1/product/product-variants/{id}/{variantId}/photo': CATALOGUE,
  'delete /api/v1/product/product-variants/{id}/{variantId}/photo': CATALOGUE,
  'delete /api/v1/product/product/{id}': CATALOGUE,
  'get /api/v1/product/export.csv': CATALOGUE,
  'post /api/v1/product/import': CATALOGUE,
  'get /api/v1/jobs/{jobId}': CATALOGUE,
  'get /api/v1/jobs/{jobId}/events': CATALOGUE,
  'get /api/v1/store/admin': [],
  'put /api/v1/store': [],
  'get /api/v1/shipping/zones': [],
  'put /api/v1/shipping/zones': [],
  'get /api/v1/tax': [],
  'put /api/v1/tax': [],
  'get /api/v1/discounts': [],
  'post /api/v1/discounts': [],
  'put /api/v1/discounts/{id}': [],
  'delete /api/v1/discounts/{id}': [],
  'get /api/v1/audit': [],
  'get /api/v1/audit.csv': [],
};

/**
 * Collections that change without any write of the call asked (its session, its locks, the
 * processes' pruning of the accounts changed a minute ago).
 */
const UNRELATED = new Set(['budget_windows', 'locks', 'session_changes']);

/** Every document of every collection, to compare before and after refused writes. */
async function databaseContents(): Promise<Record<string, unknown[]>> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('no database');
  const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
  const contents: Record<string, unknown[]> = {};
  for (const name of names.filter((n) => !UNRELATED.has(n))) {
    contents[name] = await db.collection(name).find().sort({ _id: 1 }).toArray();
  }
  return contents;
}

/** Real targets with valid bodies, so that a write let through would change something. */
async function arrangeTargets(customerId: string, categoryId: string) {
  const product = await makeOrderedProduct();
  const orderId = await makeOrder({ buyer: customerId, products: [product] });
  const other = await makeProduct({ categoryId });
  // The order's event is counted in the background: before any snapshot, not between two.
  await orderEventsCounted();
  return {
    params: {
      id: other.id,
      categoryId,
      productId: product.id,
      orderId,
      userId: customerId,
      variantId: unknownId(),
      reviewId: unknownId(),
    } as Record<string, string>,
    bodies: {
      'put /api/v1/auth/order-status/{orderId}': { status: 'Shipped' },
      'post /api/v1/orders/{orderId}/refunds': { amount: 1, reason: 'Goodwill' },
      'put /api/v1/auth/staff/{userId}': { staffRole: 'owner' },
      'post /api/v1/auth/staff/invites': {
        email: 'invited@example.com',
        name: 'Invited',
        staffRole: 'owner',
      },
      'post /api/v1/category/create-category': { name: 'Not made' },
      'put /api/v1/category/update-category/{id}': { name: 'Not renamed' },
      'put /api/v1/store': {
        name: 'Not renamed',
        currency: 'usd',
        pricesIncludeTax: true,
        country: 'DE',
      },
      'put /api/v1/auth/dashboard/low-stock-threshold': { threshold: 7 },
      'put /api/v1/returns/{id}': { status: 'approved' },
    } as Record<string, unknown>,
  };
}

const ask = (
  api: Api,
  op: StaffOperation,
  token: string,
  targets: Awaited<ReturnType<typeof arrangeTargets>>,
) => {
  // A category's `{id}` is the category's, every other `{id}` the product's.
  const idOf = (name: string) =>
    name === 'id' && op.path.includes('category') ? 'categoryId' : name;
  const path = op.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => targets.params[idOf(name)] ?? unknownId(),
  );
  const call = api[op.method as 'get' | 'post' | 'put' | 'delete'](path).set(
    'Authorization',
    token,
  );
  const body = targets.bodies[`${op.method} ${op.path}`];
  return op.method === 'get' ? call : call.send((body ?? {}) as object);
};

describe('staff roles, route by route', () => {
  test('when every staff route is asked by each role and a customer, then the roles it names (and an owner) get past its access and every other gets 403 naming what it cannot do, its write changing nothing', async ({
    api,
    category,
  }) => {
    const operations = await staffOperations(api);
    // Every staff route is in the table, as the issue gives each role, and no other.
    expect(
      Object.fromEntries(operations.map((op) => [`${op.method} ${op.path}`, op.roles.slice(1)])),
    ).toEqual(WHO_MAY);
    const customer = await createUser();
    const staff = {
      owner: await createStaff('owner'),
      catalogue: await createStaff('catalogue'),
      fulfilment: await createStaff('fulfilment'),
      support: await createStaff('support'),
    } satisfies Record<StaffRole, { token: string }>;
    const targets = await arrangeTargets(customer.id, category.id);
    const table: string[] = [];

    for (const op of operations) {
      const allowed = (role: StaffRole) => role === 'owner' || op.roles.includes(role);
      const before = op.method === 'get' ? null : await databaseContents();
      for (const role of STAFF_ROLES.filter((r) => !allowed(r))) {
        const res = await ask(api, op, staff[role].token, targets);
        table.push(`${op.method} ${op.path} ${role} ${res.status}`);
        expect(res.status, `${op.method} ${op.path} as ${role}`).toBe(403);
        expect(res.body).toEqual({
          success: false,
          message: expect.stringMatching(new RegExp(`^Your staff role \\(${role}\\) cannot \\S`)),
        });
      }
      const asCustomer = await ask(api, op, customer.token, targets);
      expect(asCustomer.status, `${op.method} ${op.path} as a customer`).toBe(403);
      if (before) expect(await databaseContents(), `${op.method} ${op.path}`).toEqual(before);
    }
    expect(table.length).toBeGreaterThan(50);

    // Allowed calls last: they may change what the refusals above left alone.
    for (const op of operations) {
      for (const role of STAFF_ROLES.filter((r) => r === 'owner' || op.roles.includes(r))) {
        const res = await ask(api, { ...op, method: op.method }, staff[role].token, {
          ...targets,
          // Unknown targets and no body: past the access check, nothing is changed.
          params: {},
          bodies: {},
        });
        expect(res.status, `${op.method} ${op.path} as ${role}`).not.toBe(403);
      }
    }
  });
});
