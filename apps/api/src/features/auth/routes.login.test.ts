import { authCheckResponseSchema, errorResponseSchema, loginResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';
import { registrationForm } from '../../test/harness.js';

const LOGIN = '/api/v1/auth/login';

describe('POST /api/v1/auth/login', () => {
  test('when the credentials are right, then a session with user and token', async ({ api }) => {
    const form = registrationForm();
    await api.post('/api/v1/auth/register').send(form).expect(201);
    const res = await api
      .post(LOGIN)
      .send({ email: form.email.toUpperCase(), password: form.password })
      .expect(200);
    const session = loginResponseSchema.parse(res.body);
    expect(session.user).toMatchObject({ name: 'Asha', email: form.email, role: 0 });
    const check = await api.get('/api/v1/auth/user-auth').set('Authorization', session.token);
    expect(authCheckResponseSchema.parse(check.body)).toEqual({ ok: true });
  });

  test('when the password is wrong, then 401 and no token', async ({ api, user }) => {
    const res = await api
      .post(LOGIN)
      .send({ email: user.email, password: 'wrong-password' })
      .expect(401);
    expect(res.body).toEqual({ success: false, message: 'Invalid email or password' });
  });

  test('when the password is an operator object, then 400', async ({ api, user }) => {
    const res = await api
      .post(LOGIN)
      .send({ email: user.email, password: { $gt: '' } })
      .expect(400);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });
});
