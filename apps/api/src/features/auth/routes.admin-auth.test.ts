import { describe, expect, test } from '../../test/fixtures.js';
import { createStaff } from '../../test/harness.js';

describe('GET /api/v1/auth/admin-auth', () => {
  test('when a normal user asks, then 403; an owner gets ok and its staff role', async ({
    api,
    user,
    admin,
  }) => {
    await api.get('/api/v1/auth/admin-auth').set('Authorization', user.token).expect(403);
    const res = await api.get('/api/v1/auth/admin-auth').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, staffRole: 'owner' });
  });

  test('when a fulfilment account asks, then ok and fulfilment', async ({ api }) => {
    const fulfilment = await createStaff('fulfilment');
    const res = await api.get('/api/v1/auth/admin-auth').set('Authorization', fulfilment.token);
    expect(res.body).toEqual({ ok: true, staffRole: 'fulfilment' });
  });
});
