import { type AuditEntry, auditListResponseSchema } from '@shop/contracts/audit';
import { parse } from 'csv-parse/sync';
import { uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, createStaff, createUser, errorOf, unknownId } from '../../test/harness.js';
import { turnOn } from '../../test/two-factor.js';

/** GET /api/v1/audit as the token's account, with this query. */
const readLog = (api: Api, token: string, query: Record<string, string | string[]> = {}) =>
  api.get('/api/v1/audit').query(query).set('Authorization', token);

async function entriesOf(api: Api, token: string, query: Record<string, string> = {}) {
  const res = await readLog(api, token, query).expect(200);
  return auditListResponseSchema.parse(res.body);
}

/** A category made through the API by the token's account: its id. */
async function makeCategoryAs(api: Api, token: string, name: string): Promise<string> {
  const res = await api
    .post('/api/v1/category/create-category')
    .set('Authorization', token)
    .send({ name })
    .expect(201);
  return res.body.category._id;
}

const signIn = (api: Api, email: string, password: string) =>
  api.post('/api/v1/auth/login').send({ email, password });

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('GET /api/v1/audit', () => {
  test('when an owner filters the log by actor, type, target and day and pages it, then each filter selects only its entries, newest first', async ({
    api,
    admin,
  }) => {
    const cataloguer = await createStaff('catalogue');
    const word = uniqueWord();
    const first = await makeCategoryAs(api, cataloguer.token, `${word} one`);
    const second = await makeCategoryAs(api, cataloguer.token, `${word} two`);
    await api
      .put(`/api/v1/category/update-category/${first}`)
      .set('Authorization', admin.token)
      .send({ name: `${word} first` })
      .expect(200);

    const theirs = await entriesOf(api, admin.token, { actor: cataloguer.id });
    expect(theirs.total).toBe(2);
    expect(theirs.entries.map((e) => e.target._id)).toEqual([second, first]);
    expect(theirs.entries.every((e) => e.actor?.staffRole === 'catalogue')).toBe(true);

    const ofFirst = await entriesOf(api, admin.token, { target: first });
    expect(ofFirst.entries.map((e) => [e.actor?._id, e.before, e.after])).toEqual([
      [
        admin.id,
        { name: `${word} one`, slug: `${word}-one` },
        { name: `${word} first`, slug: `${word}-first` },
      ],
      [cataloguer.id, null, { _id: first, name: `${word} one`, slug: `${word}-one` }],
    ]);

    const categories = await entriesOf(api, admin.token, { type: 'category', from: today() });
    expect(categories.entries.every((e) => e.target.type === 'category')).toBe(true);
    expect(categories.total).toBeGreaterThanOrEqual(3);
    expect((await entriesOf(api, admin.token, { target: first, to: yesterday() })).total).toBe(0);
    const until = new Date(Date.now() + 60_000).toISOString();
    expect((await entriesOf(api, admin.token, { target: first, to: until })).total).toBe(2);

    const pageOne = await entriesOf(api, admin.token, { actor: cataloguer.id, perPage: '1' });
    const pageTwo = await entriesOf(api, admin.token, {
      actor: cataloguer.id,
      perPage: '1',
      page: '2',
    });
    expect([pageOne.total, pageTwo.total]).toEqual([2, 2]);
    expect([...pageOne.entries, ...pageTwo.entries].map((e) => e.target._id)).toEqual([
      second,
      first,
    ]);
  });

  test('when a filter is not what it should be, then 400 with a message and no entries', async ({
    api,
    admin,
  }) => {
    const bad: Record<string, string | string[]>[] = [
      { actor: 'someone' },
      { type: 'planet' },
      { from: 'yesterday' },
      { to: '2026-13-45' },
      { from: '2026-05-02', to: '2026-05-01' },
      { page: '0' },
      { perPage: 'many' },
      { type: ['order', 'product'] },
      { target: 'x'.repeat(101) },
    ];
    for (const query of bad) {
      const res = await readLog(api, admin.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      const csv = await api.get('/api/v1/audit.csv').query(query).set('Authorization', admin.token);
      if (!('page' in query || 'perPage' in query))
        expect(csv.status, JSON.stringify(query)).toBe(400);
    }
  });

  test('when staff other than an owner or a customer asks for the log, then 403', async ({
    api,
  }) => {
    for (const account of [
      await createStaff('catalogue'),
      await createStaff('fulfilment'),
      await createStaff('support'),
      await createUser(),
    ]) {
      expect((await readLog(api, account.token)).status).toBe(403);
      expect((await api.get('/api/v1/audit.csv').set('Authorization', account.token)).status).toBe(
        403,
      );
    }
  });
});

describe('GET /api/v1/audit.csv', () => {
  test('when an owner exports a target’s history, then it is CSV of its entries, newest first, a label that looks like a formula written as text', async ({
    api,
    admin,
  }) => {
    const id = await makeCategoryAs(api, admin.token, `=HYPERLINK("x") ${uniqueWord()}`);
    await api
      .put(`/api/v1/category/update-category/${id}`)
      .set('Authorization', admin.token)
      .send({ name: `Lamps ${uniqueWord()}` })
      .expect(200);
    const res = await api
      .get('/api/v1/audit.csv')
      .query({ target: id })
      .set('Authorization', admin.token)
      .buffer(true)
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Action, r['Target id'], r.Actor])).toEqual([
      ['put /api/v1/category/update-category/{id}', id, expect.any(String)],
      ['post /api/v1/category/create-category', id, expect.any(String)],
    ]);
    expect(rows[1]?.Target).toMatch(/^'=HYPERLINK/);
    expect(JSON.parse(rows[0]?.After ?? '')).toMatchObject({
      name: expect.stringMatching(/^Lamps/),
    });
  });
});

describe('sign-ins and two-factor sign-in in the audit log', () => {
  test('when staff sign in, fail to, or someone tries an unknown e-mail, then each is an entry; a customer’s sign-in is not', async ({
    api,
    admin,
  }) => {
    const support = await createStaff('support');
    const customer = await createUser();
    await signIn(api, support.email, support.password).expect(200);
    await signIn(api, support.email, 'wrong-password').expect(401);
    const unknown = `nobody-${uniqueWord()}@example.com`;
    await signIn(api, unknown, 'whatever1').expect(401);
    await signIn(api, customer.email, customer.password).expect(200);

    const accounts = (await entriesOf(api, admin.token, { type: 'account' })).entries;
    const about = (email: string) => accounts.filter((e) => e.target.label === email);
    expect(about(support.email).map((e) => [e.action, e.actor?._id ?? null, e.target._id])).toEqual(
      [
        ['sign-in failed', null, support.id],
        ['sign-in', support.id, support.id],
      ],
    );
    expect(about(support.email)[0]?.reason).toBe('Invalid email or password');
    expect(about(unknown).map((e) => [e.action, e.actor, e.target._id])).toEqual([
      ['sign-in failed', null, null],
    ]);
    expect(about(customer.email)).toEqual([]);
  });

  test('when staff turn two-factor sign-in on, then the entry says it changed, and no entry holds its secret or codes', async ({
    api,
    admin,
  }) => {
    const fulfilment = await createStaff('fulfilment');
    const setup = await turnOn(api, fulfilment.token);
    const ofAccount = await entriesOf(api, admin.token, { target: fulfilment.id });
    expect(ofAccount.entries.map((e: AuditEntry) => [e.action, e.before, e.after])).toEqual([
      ['post /api/v1/auth/2fa/enable', { twoFactorOn: false }, { twoFactorOn: true }],
    ]);
    const everything = JSON.stringify(
      (await entriesOf(api, admin.token, { perPage: '100' })).entries,
    );
    const secret = new URL(setup.otpauthUri).searchParams.get('secret') ?? '';
    expect(secret).not.toBe('');
    expect(everything).not.toContain(secret);
    for (const code of setup.recoveryCodes) expect(everything).not.toContain(code);
  });

  test('when the log is asked of an unknown target, then it is empty', async ({ api, admin }) => {
    expect(await entriesOf(api, admin.token, { target: unknownId() })).toEqual({
      success: true,
      entries: [],
      total: 0,
    });
    expect(errorOf((await readLog(api, admin.token, { type: 'x' })).body)).toMatch(/^type must be/);
  });
});
