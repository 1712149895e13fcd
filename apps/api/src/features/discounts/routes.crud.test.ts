import { discountResponseSchema, discountsResponseSchema } from '@shop/contracts/discount';
import { uniqueWord } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { listDiscounts } from './repository.js';

const PATH = '/api/v1/discounts';

const codeWord = () => uniqueWord().toUpperCase();
const welcome = (over: Record<string, unknown> = {}) => ({
  title: 'Welcome',
  code: `welcome-${uniqueWord()}`,
  kind: 'percentage',
  value: 10,
  ...over,
});
const create = (api: Api, token: string, body: object) =>
  api.post(PATH).set('Authorization', token).send(body);

describe('POST /api/v1/discounts', () => {
  test('when an admin creates a code, then 201 with it in capitals, unused, and listed', async ({
    api,
    admin,
  }) => {
    const input = welcome({ minSubtotal: 12.5, usageLimit: 5, endsAt: '2030-01-01T00:00:00Z' });
    const res = await create(api, admin.token, input).expect(201);
    const { message, discount } = discountResponseSchema.parse(res.body);
    expect(message).toBe('Discount created');
    expect(discount).toMatchObject({
      title: 'Welcome',
      code: String(input.code).toUpperCase(),
      automatic: false,
      kind: 'percentage',
      value: 10,
      minSubtotal: 12.5,
      usageLimit: 5,
      used: 0,
      endsAt: '2030-01-01T00:00:00.000Z',
      combinable: false,
      active: true,
    });
    const listed = discountsResponseSchema.parse(
      (await api.get(PATH).set('Authorization', admin.token).expect(200)).body,
    );
    expect(listed.discounts.find((d) => d._id === discount._id)).toEqual(discount);
  });

  test('when a code exists in another case, then 409 and no second one', async ({ api, admin }) => {
    const code = codeWord();
    await create(api, admin.token, welcome({ code })).expect(201);
    const res = await create(api, admin.token, welcome({ code: code.toLowerCase() })).expect(409);
    expect(errorOf(res.body)).toBe(`A discount with the code ${code} already exists`);
    expect((await listDiscounts()).filter((d) => d.code === code)).toHaveLength(1);
  });

  test('when two automatic promotions are created, then both are kept (they have no code)', async ({
    api,
    admin,
  }) => {
    const automatic = { title: 'Free shipping', automatic: true, kind: 'free-shipping' };
    const first = discountResponseSchema.parse(
      (await create(api, admin.token, automatic).expect(201)).body,
    );
    await create(api, admin.token, automatic).expect(201);
    expect(first.discount).toMatchObject({ code: null, automatic: true, value: null });
  });

  test.for([
    ['no title', { title: '' }, 'title is required'],
    ['no code and not automatic', { code: null }, 'code is required (or automatic: true)'],
    ['a code and automatic', { automatic: true }, 'An automatic discount has no code'],
    [
      'a code with spaces',
      { code: 'WELCOME 10' },
      'code may contain only letters, digits, - and _',
    ],
    [
      'an unknown kind',
      { kind: 'bogo' },
      'kind must be one of: percentage, fixed, free-shipping, buy-x-get-y',
    ],
    ['a percentage over 100', { value: 101 }, 'value must be a whole percentage from 1 to 100'],
    [
      'a fixed amount of 0',
      { kind: 'fixed', value: 0 },
      'value must be an amount above 0 and at most 1000000',
    ],
    [
      'buy-x-get-y without get',
      { kind: 'buy-x-get-y', value: null, buy: 2 },
      'buy and get are required for buy-x-get-y',
    ],
    [
      'an end before the start',
      { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      'endsAt must be after startsAt',
    ],
    ['a product that is not an id', { products: ['{"$gt":""}'] }, 'products.0: must be a valid id'],
    ['a usage limit of 0', { usageLimit: 0 }, 'usageLimit must be at least 1'],
    ['an operator object as code', { code: { $gt: '' } }, 'code must be text'],
  ] as const)(
    'when the body has %s, then 400 "%s" and nothing stored',
    async ([, over, message], { api, admin }) => {
      const before = (await listDiscounts()).length;
      const res = await create(api, admin.token, welcome(over)).expect(400);
      expect(errorOf(res.body)).toBe(message);
      expect(await listDiscounts()).toHaveLength(before);
    },
  );

  test('when the caller is not an admin, then 401 or 403 and nothing stored', async ({
    api,
    user,
  }) => {
    const before = (await listDiscounts()).length;
    for (const [, token, status] of notAdmins(user)) {
      errorOf((await withToken(api.post(PATH).send(welcome()), token).expect(status)).body);
      errorOf((await withToken(api.get(PATH), token).expect(status)).body);
    }
    expect(await listDiscounts()).toHaveLength(before);
  });
});

describe('PUT and DELETE /api/v1/discounts/{id}', () => {
  test('when an admin pauses a code and changes it, then the whole input is replaced', async ({
    api,
    admin,
  }) => {
    const created = discountResponseSchema.parse(
      (await create(api, admin.token, welcome({ minSubtotal: 10, usageLimit: 3 })).expect(201))
        .body,
    ).discount;
    const code = codeWord();
    const res = await api
      .put(`${PATH}/${created._id}`)
      .set('Authorization', admin.token)
      .send({ title: 'Five off', code, kind: 'fixed', value: 5, active: false })
      .expect(200);
    const { message, discount } = discountResponseSchema.parse(res.body);
    expect(message).toBe('Discount updated');
    expect(discount).toMatchObject({
      _id: created._id,
      code,
      kind: 'fixed',
      value: 5,
      minSubtotal: null,
      usageLimit: null,
      active: false,
      createdAt: created.createdAt,
    });
  });

  test('when the new code is another discount’s, then 409 and it keeps its own', async ({
    api,
    admin,
  }) => {
    const taken = codeWord();
    await create(api, admin.token, welcome({ code: taken })).expect(201);
    const mine = discountResponseSchema.parse(
      (await create(api, admin.token, welcome()).expect(201)).body,
    ).discount;
    const res = await api
      .put(`${PATH}/${mine._id}`)
      .set('Authorization', admin.token)
      .send(welcome({ code: taken }))
      .expect(409);
    expect(errorOf(res.body)).toBe(`A discount with the code ${taken} already exists`);
    expect((await listDiscounts()).find((d) => d._id === mine._id)?.code).toBe(mine.code);
  });

  test('when the id is unknown, then 404; when it is not an id, then 400', async ({
    api,
    admin,
  }) => {
    const put = (id: string) =>
      api.put(`${PATH}/${id}`).set('Authorization', admin.token).send(welcome());
    const del = (id: string) => api.delete(`${PATH}/${id}`).set('Authorization', admin.token);
    expect(errorOf((await put(unknownId()).expect(404)).body)).toBe('Discount not found');
    expect(errorOf((await del(unknownId()).expect(404)).body)).toBe('Discount not found');
    expect(errorOf((await put('nope').expect(400)).body)).toMatch(/valid id/);
    expect(errorOf((await del('nope').expect(400)).body)).toMatch(/valid id/);
  });

  test('when an admin deletes a discount, then it is gone and its code free again', async ({
    api,
    admin,
  }) => {
    const code = codeWord();
    const { discount } = discountResponseSchema.parse(
      (await create(api, admin.token, welcome({ code })).expect(201)).body,
    );
    const res = await api
      .delete(`${PATH}/${discount._id}`)
      .set('Authorization', admin.token)
      .expect(200);
    expect(res.body).toEqual({ success: true, message: 'Discount deleted' });
    expect((await listDiscounts()).some((d) => d._id === discount._id)).toBe(false);
    await create(api, admin.token, welcome({ code })).expect(201);
  });
});
