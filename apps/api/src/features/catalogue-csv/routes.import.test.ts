import { productResponseSchema } from '@shop/contracts';
import { MAX_IMPORT_BYTES } from '@shop/contracts/catalogue-csv';
import { toSlug } from '../../lib/slug.js';
import { imageBytes, makeCategory, makeShirt, uniqueWord } from '../../test/catalogue.js';
import {
  type CsvRecord,
  csvOf,
  exportText,
  jobWhenOver,
  makeSizedProducts,
  rowsOf,
  runImport,
  sendImport,
} from '../../test/catalogue-csv.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, withToken } from '../../test/harness.js';

/** The rows of the export whose SKU starts with `word` (this test's own), in the export's order. */
const rowsWith = (rows: readonly CsvRecord[], word: string) =>
  rows.filter((r) => r.sku?.startsWith(word));

describe('POST /api/v1/product/import', () => {
  test('when the export is imported as it is, then every row is unchanged and nothing is listed', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    await addProduct({ description: '=SUM(A1:A2), -5% off' });
    await makeShirt(category.id);
    const text = await exportText(api, admin.token);
    const total = rowsOf(text).length;

    const job = await runImport(api, admin.token, Buffer.from(text), false);

    expect(job).toMatchObject({
      total,
      processed: total,
      unchanged: total,
      created: 0,
      updated: 0,
    });
    expect(job).toMatchObject({ errors: [], errorCount: 0, changes: [], changeCount: 0 });
    expect(await exportText(api, admin.token)).toBe(text);
  });

  test('when 300 prices are edited, then the dry run lists exactly those and writes nothing, and the import writes them', async ({
    api,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 100);
    const before = await exportText(api, admin.token);
    const rows = rowsOf(before);
    const mine = rowsWith(rows, word);
    expect(mine).toHaveLength(300);
    const edited = rows.map((r) => (r.sku?.startsWith(word) ? { ...r, price: '99.95' } : r));
    const file = csvOf(edited);

    const dryRun = await runImport(api, admin.token, file, true);
    expect(dryRun).toMatchObject({ dryRun: true, updated: 300, created: 0, changeCount: 300 });
    expect(dryRun.unchanged).toBe(rows.length - 300);
    expect(new Set(dryRun.changes.map((c) => c.sku))).toEqual(new Set(mine.map((r) => r.sku)));
    expect(dryRun.changes.every((c) => c.field === 'price' && c.to === '99.95')).toBe(true);
    expect(dryRun.changes.map((c) => c.from)).toEqual(mine.map((r) => r.price));
    expect(await exportText(api, admin.token)).toBe(before);

    const applied = await runImport(api, admin.token, file, false);
    expect(applied).toMatchObject({ dryRun: false, updated: 300, changeCount: 300, errorCount: 0 });
    // The storefront shows them once the job is done, as the export does.
    for (const n of [0, 50, 99]) {
      const res = await api.get(`/api/v1/product/get-product/${toSlug(`Sized ${word} ${n}`)}`);
      const { product } = productResponseSchema.parse(res.body);
      expect(product.variants.map((v) => v.price)).toEqual([99.95, 99.95, 99.95]);
    }
    const after = rowsOf(await exportText(api, admin.token));
    expect(rowsWith(after, word).map((r) => r.price)).toEqual(mine.map(() => '99.95'));
    expect(after.filter((r) => !r.sku?.startsWith(word))).toEqual(
      rows.filter((r) => !r.sku?.startsWith(word)),
    );
  });

  test('when rows are bad, then each is reported by row and column, nothing of it is written, and the good rows land', async ({
    api,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const sku = (size: string) => `${word}-0-${size}`;
    const mine = rowsWith(rowsOf(await exportText(api, admin.token)), word);
    const [s, m, l] = mine;
    if (!s || !m || !l) throw new Error('three sizes expected');
    const newSlug = `new-${uniqueWord()}`;
    const newProduct = {
      ...s,
      slug: newSlug,
      name: newSlug,
      'option1 name': '',
      'option1 value': '',
      sku: `${word}-NEW`,
      price: '7.00',
    };
    const columns = [...Object.keys(s), 'option4 name', 'option4 value'];
    const rows: CsvRecord[] = [
      { ...s, price: '13.00' }, // row 2: good
      { ...s, sku: `${word}-X3`, 'option1 value': 'XXL', category: 'no-such-category' }, // 3
      { ...l, price: '-4' }, // 4
      { ...l, price: '8' }, // 5: its SKU again
      { ...s, sku: `${word}-X1`, 'option1 value': 'XL', price: 'abc' }, // 6
      { ...s, sku: `${word}-X2`, 'option4 name': 'Fit', 'option4 value': 'Slim' }, // 7
      { ...m, description: "=cmd|' /C calc'!A0", quantity: '50' }, // 8
      { ...newProduct, description: '', category: '' }, // 9: new product without its description, category
      newProduct, // 10: its SKU again
      {
        ...newProduct,
        sku: `${word}-NEW2`,
        slug: `other-${uniqueWord()}`,
        name: 'Other',
        description: 'x',
      }, // 11
    ];
    const job = await runImport(api, admin.token, csvOf(rows, columns), false);

    const columnsOf = (row: number) => job.errors.filter((e) => e.row === row).map((e) => e.column);
    expect(columnsOf(2)).toEqual([]);
    expect(columnsOf(3)).toEqual(['category']);
    expect(columnsOf(4)).toEqual(['price']);
    expect(job.errors.find((e) => e.row === 4)?.message).toBe('Price must not be negative');
    expect(columnsOf(5)).toEqual(['sku']);
    expect(job.errors.find((e) => e.row === 5)?.message).toBe(`SKU ${sku('L')} is also on row 4`);
    expect(columnsOf(6)).toEqual(['price']);
    expect(columnsOf(7)).toEqual(['option4 name']);
    expect(columnsOf(8)).toEqual(['description']);
    expect(columnsOf(9)).toEqual(expect.arrayContaining(['description', 'category']));
    expect(columnsOf(10)).toEqual(['sku']);
    expect(columnsOf(11)).toEqual(['slug']);
    expect(job).toMatchObject({ updated: 1, created: 0, total: 10, processed: 10 });

    const after = rowsWith(rowsOf(await exportText(api, admin.token)), word);
    expect(after.map((r) => [r.sku, r.price, r.quantity])).toEqual([
      [sku('S'), '13.00', '5'],
      [sku('M'), '11.00', '5'],
      [sku('L'), '12.00', '5'],
    ]);
  });

  test('when a row has a new SKU, then it becomes a variant of its slug’s product, or a new product of a new slug', async ({
    api,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const [s] = rowsWith(rowsOf(await exportText(api, admin.token)), word);
    if (!s) throw new Error('a size expected');
    const name = `Lamp ${uniqueWord()}`;
    const slug = name.toLowerCase().replace(' ', '-');
    const lamp = {
      slug,
      name,
      description: 'A desk lamp',
      category: category.slug,
      sku: `${word}-LAMP`,
      price: '30.00',
      quantity: '2',
    };
    const file = csvOf(
      [
        { ...s, sku: `${word}-0-XL`, 'option1 value': 'XL', price: '14.00', quantity: '1' },
        { ...s, ...lamp, 'option1 name': '', 'option1 value': '' },
      ],
      Object.keys(s),
    );

    const job = await runImport(api, admin.token, file, false);

    expect(job).toMatchObject({ created: 2, errorCount: 0 });
    const after = rowsOf(await exportText(api, admin.token));
    expect(after.find((r) => r.sku === `${word}-0-XL`)).toMatchObject({
      slug: s.slug,
      'option1 value': 'XL',
      price: '14.00',
    });
    expect(after.find((r) => r.sku === `${word}-LAMP`)).toMatchObject({ ...lamp, photo: '' });
  });

  test('when only some columns are given, then only those change', async ({
    api,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const sku = `${word}-0-M`;
    const job = await runImport(api, admin.token, csvOf([{ sku, quantity: '9' }]), false);
    expect(job.changes).toEqual([{ row: 2, sku, field: 'quantity', from: '5', to: '9' }]);
    const row = rowsOf(await exportText(api, admin.token)).find((r) => r.sku === sku);
    expect(row).toMatchObject({
      quantity: '9',
      price: '11.00',
      description: 'Comes in three sizes',
    });
  });

  test('when the job is followed as events, then progress comes as Server-Sent Events ending with its end', async ({
    api,
    admin,
  }) => {
    const text = await exportText(api, admin.token);
    const started = await sendImport(api, admin.token, Buffer.from(text), true).expect(202);
    const res = await api
      .get(`/api/v1/jobs/${started.body.jobId}/events`)
      .set('Authorization', admin.token)
      .buffer(true)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = res.text.trim().split('\n\n');
    const last = events.at(-1) ?? '';
    expect(last).toMatch(/^event: end\ndata: /);
    expect(JSON.parse(last.split('data: ')[1] ?? '')).toMatchObject({
      status: 'done',
      dryRun: true,
    });
  });

  test('when the file is not a CSV of the catalogue, then it is refused with 400 and no job is made', async ({
    api,
    admin,
  }) => {
    const png = await sendImport(api, admin.token, await imageBytes(), false).expect(400);
    expect(errorOf(png.body)).toBe('The file is not a CSV of the catalogue: it is not UTF-8 text');
    // UTF-8 with a NUL byte: binary all the same.
    const nul = Buffer.from('sku,price\r\nA\u0000,3\r\n');
    const binary = await sendImport(api, admin.token, nul, false).expect(400);
    expect(errorOf(binary.body)).toBe(
      'The file is not a CSV of the catalogue: it is not UTF-8 text',
    );
    const noSku = await sendImport(
      api,
      admin.token,
      Buffer.from('name,price\r\nLamp,3\r\n'),
      false,
    ).expect(400);
    expect(errorOf(noSku.body)).toBe(
      'The file is not a CSV of the catalogue: The file has no sku column: rows are matched by SKU',
    );
    const unknown = await sendImport(
      api,
      admin.token,
      Buffer.from('sku,colour\r\nA,red\r\n'),
      false,
    ).expect(400);
    expect(errorOf(unknown.body)).toMatch(/Unknown column "colour"/);
    await api
      .post('/api/v1/product/import')
      .set('Authorization', admin.token)
      .field('dryRun', 'true')
      .expect(400);
  });

  test('when the file breaks off inside a quoted cell, then the job fails saying so and nothing is written', async ({
    api,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const file = Buffer.from(`sku,price\r\n${word}-0-S,19.00\r\n"${word}-0-M,3.00\r\n`);
    const started = await sendImport(api, admin.token, file, false).expect(202);
    const job = await jobWhenOver(api, admin.token, started.body.jobId);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^The file is not valid CSV: /);
    const row = rowsOf(await exportText(api, admin.token)).find((r) => r.sku === `${word}-0-S`);
    expect(row?.price).toBe('10.00');
  });

  test('when more rows are refused than the job lists, then it lists the first 1,000 by row and counts them all', async ({
    api,
    admin,
  }) => {
    const word = uniqueWord();
    // Odd rows are refused as they are read, even ones (a new SKU without a slug) only once the
    // file is read: their errors come later, and the list still goes by row.
    const rows = Array.from({ length: 1_100 }, (_, i) =>
      i % 2 === 0 ? { sku: `${word}-${i}`, price: '-1' } : { sku: `${word}-${i}`, price: '1' },
    );

    const job = await runImport(api, admin.token, csvOf(rows), true);

    expect(job).toMatchObject({ total: 1_100, processed: 1_100, errorCount: 1_100 });
    expect(job.errors.map((e) => e.row)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 2));
    expect(job.errors.slice(0, 2).map((e) => e.column)).toEqual(['price', 'slug']);
  });

  test('when the file is larger than the limit, then it is refused with 413', async ({
    api,
    admin,
  }) => {
    const big = Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a');
    const res = await sendImport(api, admin.token, big, false).expect(413);
    expect(errorOf(res.body)).toBe('The file is larger than 8 MB');
  });

  test('when someone other than an admin imports or reads a job, then they are refused', async ({
    api,
    admin,
    user,
  }) => {
    const started = await sendImport(api, admin.token, Buffer.from('sku\r\n'), true).expect(202);
    await jobWhenOver(api, admin.token, started.body.jobId);
    for (const [, token, status] of notAdmins(user)) {
      await withToken(api.post('/api/v1/product/import'), token).expect(status);
      await withToken(api.get(`/api/v1/jobs/${started.body.jobId}`), token).expect(status);
      await withToken(api.get(`/api/v1/jobs/${started.body.jobId}/events`), token).expect(status);
    }
  });

  test('when a category is named by a slug of another case, then it is found', async ({
    api,
    admin,
  }) => {
    const category = await makeCategory();
    const { word } = await makeSizedProducts(category.id, 1);
    const job = await runImport(
      api,
      admin.token,
      csvOf([{ sku: `${word}-0-S`, category: category.slug.toUpperCase() }]),
      true,
    );
    expect(job).toMatchObject({ unchanged: 1, errorCount: 0 });
  });
});
