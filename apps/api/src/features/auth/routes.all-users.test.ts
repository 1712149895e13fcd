import { allUsersResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';

describe('GET /api/v1/auth/all-users', () => {
  test('when an admin asks, then every user without a password hash', async ({ api, admin }) => {
    const res = await api.get('/api/v1/auth/all-users').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    const { users } = allUsersResponseSchema.parse(res.body);
    expect(users.some((u) => u._id === admin.id && u.role === 1)).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$2b\$/);
  });

  test('when a normal user asks, then 403', async ({ api, user }) => {
    await api.get('/api/v1/auth/all-users').set('Authorization', user.token).expect(403);
  });
});
