import { describe, expect, test } from '../../test/fixtures.js';

describe('GET /api/v1/auth/admin-auth', () => {
  test('when a normal user asks, then 403; an admin gets ok', async ({ api, user, admin }) => {
    await api.get('/api/v1/auth/admin-auth').set('Authorization', user.token).expect(403);
    const res = await api.get('/api/v1/auth/admin-auth').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});
