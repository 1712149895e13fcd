import { errorResponseSchema, registerResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';
import { registrationForm } from '../../test/harness.js';
import { countUsers, findCredentials } from './repository.js';

const REGISTER = '/api/v1/auth/register';

describe('POST /api/v1/auth/register', () => {
  test('when the form is complete, then the user is created as a normal user without the hash', async ({
    api,
  }) => {
    const body = registrationForm();
    const res = await api.post(REGISTER).send(body).expect(201);
    const parsed = registerResponseSchema.parse(res.body);
    expect(parsed.success).toBe(true);
    expect(parsed.user?.role).toBe(0);
    expect(JSON.stringify(res.body)).not.toContain('password');
    const stored = await findCredentials(body.email);
    expect(stored?.passwordHash).toMatch(/^\$2[aby]\$/);
  });

  test('when the body tries to set role 1, then the user is still a normal user', async ({
    api,
  }) => {
    const body = registrationForm({ role: 1 });
    await api.post(REGISTER).send(body).expect(201);
    const stored = await findCredentials(body.email);
    expect(stored?.user.role).toBe(0);
  });

  test('when the e-mail is taken, then 409 and no second user', async ({ api }) => {
    const body = registrationForm();
    await api.post(REGISTER).send(body).expect(201);
    const res = await api.post(REGISTER).send(body).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/Already registered/);
    expect(await countUsers({ email: body.email })).toBe(1);
  });

  test.for([
    ['a missing name', { name: undefined }, /Name is required/],
    ['an operator object as email', { email: { $gt: '' } }, /Email/],
    ['a bad e-mail', { email: 'not-an-email' }, /e-mail/],
    ['a short password', { password: '123' }, /at least 6/],
    ['a number as phone', { phone: 5550101 }, /Phone/],
  ] as const)(
    'when the form has %s, then 400 with a message and nothing stored',
    async ([, over, msg], { api }) => {
      const before = await countUsers();
      const res = await api.post(REGISTER).send(registrationForm(over)).expect(400);
      expect(errorResponseSchema.parse(res.body).message).toMatch(msg);
      expect(await countUsers()).toBe(before);
    },
  );

  test('when the JSON is malformed, then 400 without a stack trace', async ({ api }) => {
    const res = await api
      .post(REGISTER)
      .set('Content-Type', 'application/json')
      .send('{"name": "x",')
      .expect(400);
    expect(res.body).toEqual({ success: false, message: 'Malformed JSON in request body' });
  });
});
