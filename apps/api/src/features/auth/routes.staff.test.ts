import { staffListResponseSchema, staffRoleResponseSchema } from '@shop/contracts/staff';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, createStaff, createUser, errorOf } from '../../test/harness.js';
import { leaveOneOwner } from '../../test/staff.js';

const setRole = (api: Api, owner: { token: string }, userId: string, staffRole: unknown) =>
  api.put(`/api/v1/auth/staff/${userId}`).set('Authorization', owner.token).send({ staffRole });

const opensProducts = (api: Api, account: { token: string }) =>
  api.get('/api/v1/product/admin-products').set('Authorization', account.token);

describe('PUT /api/v1/auth/staff/{userId}', () => {
  test('when an owner makes a customer catalogue staff, then the account is role 1 with that role and its very next call may manage products; made a customer again, its next call is refused', async ({
    api,
    admin,
  }) => {
    const customer = await createUser();
    expect((await opensProducts(api, customer)).status).toBe(403);

    const made = await setRole(api, admin, customer.id, 'catalogue').expect(200);

    expect(staffRoleResponseSchema.parse(made.body).user).toMatchObject({
      _id: customer.id,
      role: 1,
      staffRole: 'catalogue',
    });
    expect((await opensProducts(api, customer)).status).toBe(200);
    const orders = await api.get('/api/v1/auth/all-orders').set('Authorization', customer.token);
    expect(orders.status).toBe(403);
    expect(errorOf(orders.body)).toBe('Your staff role (catalogue) cannot read the orders');

    const undone = await setRole(api, admin, customer.id, null).expect(200);
    expect(staffRoleResponseSchema.parse(undone.body).user).toMatchObject({
      role: 0,
      staffRole: null,
    });
    const refused = await opensProducts(api, customer);
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toBe('Forbidden: administrators only');
  });

  test('when the last owner would stop being one, then 409 and it stays owner; once another owner exists, it may', async ({
    api,
    admin,
  }) => {
    await leaveOneOwner(admin.id);

    const res = await setRole(api, admin, admin.id, 'support');

    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toBe(
      'The shop’s last owner cannot stop being one: make another owner first',
    );
    expect((await opensProducts(api, admin)).status).toBe(200);
    const other = await createUser();
    await setRole(api, admin, other.id, 'owner').expect(200);
    await setRole(api, admin, admin.id, 'support').expect(200);
    expect((await opensProducts(api, admin)).status).toBe(403);
  });

  test('when the role is not one of the four or null, then 400 and nothing changes', async ({
    api,
    admin,
  }) => {
    const customer = await createUser();
    for (const staffRole of ['boss', 1, undefined, { $ne: null }]) {
      expect((await setRole(api, admin, customer.id, staffRole)).status).toBe(400);
    }
    expect((await opensProducts(api, customer)).status).toBe(403);
  });
});

describe('GET /api/v1/auth/staff', () => {
  test('when an owner asks, then every staff account with its role, no customer and no password hash', async ({
    api,
    admin,
  }) => {
    const fulfilment = await createStaff('fulfilment');
    const customer = await createUser();

    const res = await api.get('/api/v1/auth/staff?perPage=100').set('Authorization', admin.token);

    const { staff } = staffListResponseSchema.parse(res.body);
    const ids = staff.map((s) => s._id);
    expect(ids).toContain(fulfilment.id);
    expect(ids).not.toContain(customer.id);
    expect(staff.find((s) => s._id === fulfilment.id)).toMatchObject({ staffRole: 'fulfilment' });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });
});
