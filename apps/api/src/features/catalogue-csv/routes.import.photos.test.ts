import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../app.js';
import { createLogger } from '../../lib/logger.js';
import { imageBytes } from '../../test/catalogue.js';
import {
  type CsvRecord,
  csvOf,
  exportText,
  makeSizedProducts,
  rowsOf,
  runImport,
} from '../../test/catalogue-csv.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { testConfig } from '../../test/harness.js';
import { startPhotoServer } from '../../test/photo-server.js';
import type { LookupAll } from './photo-fetch.js';

const MAX_BYTES = 20_000;
const TIMEOUT_MS = 500;

/** Host names of the test's own: what each resolves to. */
const NAMES: Record<string, string[]> = {
  'cdn.photos.test': ['127.0.0.1'],
  'loop.photos.test': ['127.0.0.2'],
  'mixed.photos.test': ['8.8.8.8', '::1'],
  'mapped.photos.test': ['::ffff:127.0.0.3'],
  'inside.photos.test': ['10.0.0.7'],
};

test.override(
  'appEnv',
  { scope: 'file' },
  {
    IMPORT_PHOTO_HOSTS: '127.0.0.1, *.photos.test',
    MAX_PHOTO_BYTES: String(MAX_BYTES),
    IMPORT_PHOTO_TIMEOUT_MS: String(TIMEOUT_MS),
  },
);
const lookupHost: LookupAll = async (host) => {
  const addresses = NAMES[host];
  if (!addresses) throw new Error(`ENOTFOUND ${host}`);
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
test.override('appDeps', { scope: 'file' }, { lookupHost });

/** Another app on the test's database, configured with `env`, resolving names as this file. */
const appWith = (env: Record<string, string>) =>
  supertest(
    createApp({
      config: testConfig(env),
      logger: createLogger('silent'),
      payments: null,
      lookupHost,
    }),
  );

const png = (colour: string) => ({
  headers: { 'content-type': 'image/png' },
  body: undefined as Buffer | undefined,
  colour,
});
const answers = { red: png('#f00'), blue: png('#00f'), green: png('#0f0') };
const image = (answer: (typeof answers)[keyof typeof answers]) => ({
  headers: answer.headers,
  ...(answer.body ? { body: answer.body } : {}),
});

let server: Awaited<ReturnType<typeof startPhotoServer>>;
beforeAll(async () => {
  for (const answer of Object.values(answers)) answer.body = await imageBytes('png', answer.colour);
  const redirect = (to: string) => ({ status: 302, headers: { location: to } });
  server = await startPhotoServer({
    '/red.png': image(answers.red),
    '/blue.png': image(answers.blue),
    '/green.png': image(answers.green),
    '/big.png': {
      headers: { 'content-type': 'image/png' },
      body: Buffer.concat([(await imageBytes()).subarray(0, 8), randomBytes(MAX_BYTES)]),
      chunked: true,
    },
    '/page.html': { headers: { 'content-type': 'text/html' }, body: Buffer.from('<p>hi</p>') },
    '/fake.png': { headers: { 'content-type': 'image/png' }, body: Buffer.from('not a png') },
    '/r/0': redirect('/green.png'),
    '/r/1': redirect('/r/0'),
    '/r/2': redirect('/r/1'),
    '/r/3': redirect('/r/2'),
    '/to-unlisted': redirect('http://elsewhere.example/red.png'),
    '/to-inside': redirect('http://inside.photos.test/red.png'),
    '/slow.png': 'hang',
  });
});
afterAll(() => server?.close());

/** The export's row of each SKU. */
const exportedRows = async (api: Parameters<typeof exportText>[0], token: string) =>
  new Map(rowsOf(await exportText(api, token)).map((r) => [r.sku, r]));

describe('POST /api/v1/product/import: photo URLs', () => {
  test('when a row of a product sold one way gives a photo URL, then the dry run lists it without fetching, and the import fetches it once and the product shows it', async ({
    api,
    admin,
    addProduct,
  }) => {
    const product = await addProduct();
    const before = await exportedRows(api, admin.token);
    const row = [...before.values()].find((r) => r.slug === product.slug) as CsvRecord;
    // Not red: the product's own photo is a red PNG already.
    const url = server.url('/blue.png');
    const file = csvOf([{ sku: row.sku ?? '', photo: url }]);
    const hitsBefore = server.hits('/blue.png');

    const dryRun = await runImport(api, admin.token, file, true);
    expect(dryRun.changes).toEqual([
      { row: 2, sku: row.sku, field: 'photo', from: row.photo, to: url },
    ]);
    expect(server.hits('/blue.png')).toBe(hitsBefore);

    const job = await runImport(api, admin.token, file, false);
    expect(job).toMatchObject({ updated: 1, errorCount: 0, changeCount: 1 });
    expect(server.hits('/blue.png') - hitsBefore).toBe(1);
    const shown = (await exportedRows(api, admin.token)).get(row.sku)?.photo ?? '';
    expect(shown).not.toBe(row.photo);
    const { pathname, search } = new URL(shown);
    const rendition = await api.get(`${pathname}${search}`).expect(200);
    expect(rendition.headers['content-type']).toBe('image/webp');
  });

  test("when the rows of a product without a photo give URLs, then the product takes the first (by a listed name, fetched once), a variant with another gets its own, and naming the product's photo takes it away", async ({
    api,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const first = server.url('/blue.png', 'cdn.photos.test');
    const other = server.url('/r/2');
    const file = csvOf([
      { sku: `${word}-0-S`, photo: first },
      { sku: `${word}-0-M`, photo: first },
      { sku: `${word}-0-L`, photo: other },
    ]);
    const hitsBefore = server.hits('/blue.png');

    const job = await runImport(api, admin.token, file, false);

    expect(job).toMatchObject({ updated: 3, errorCount: 0 });
    expect(server.hits('/blue.png') - hitsBefore).toBe(1);
    const after = await exportedRows(api, admin.token);
    const small = after.get(`${word}-0-S`)?.photo;
    expect(small).toMatch(/\/api\/v1\/product\/product-photo\/\w+\?v=\w+&w=\d+$/);
    expect(after.get(`${word}-0-M`)?.photo).toBe(small);
    expect(after.get(`${word}-0-L`)?.photo).not.toBe(small);
    expect(after.get(`${word}-0-L`)?.photo).toMatch(/\/api\/v1\/product\/product-photo\//);

    // The export of it imported again changes nothing and fetches nothing.
    const again = csvOf([...after.values()].filter((r) => r.sku?.startsWith(word)));
    const repeat = await runImport(api, admin.token, again, false);
    expect(repeat).toMatchObject({ unchanged: 3, changeCount: 0, errorCount: 0 });

    // A variant's cell naming its product's photo takes the variant's own away.
    const large = `${word}-0-L`;
    const back = await runImport(
      api,
      admin.token,
      csvOf([{ sku: large, photo: small ?? '' }]),
      false,
    );
    expect(back.changes).toEqual([
      { row: 2, sku: large, field: 'photo', from: after.get(large)?.photo, to: small },
    ]);
    expect((await exportedRows(api, admin.token)).get(large)?.photo).toBe(small);
  });

  test('when a photo URL is refused or its fetch fails, then its row is reported at its photo and nothing of it is written, and the other rows land', async ({
    api,
    admin,
    category,
  }) => {
    const bad: [string, RegExp][] = [
      ['http://elsewhere.example/red.png', /elsewhere\.example is not one of the hosts/],
      ['ftp://127.0.0.1/red.png', /is not an http\(s\) URL/],
      [server.url('/red.png', 'loop.photos.test'), /loopback address \(127\.0\.0\.2\)/],
      [server.url('/red.png', 'mixed.photos.test'), /loopback address \(::1\)/],
      [server.url('/red.png', 'mapped.photos.test'), /loopback address/],
      [server.url('/red.png', 'nowhere.photos.test'), /nowhere\.photos\.test was not found/],
      [server.url('/big.png'), new RegExp(`larger than ${MAX_BYTES} bytes`)],
      [server.url('/r/3'), /redirects more than 3 times/],
      [server.url('/to-unlisted'), /elsewhere\.example is not one of the hosts/],
      [server.url('/to-inside'), /private address \(10\.0\.0\.7\)/],
      [server.url('/page.html'), /answered text\/html, not an image/],
      [server.url('/fake.png'), /must be a JPEG, PNG, GIF or WebP image/],
      [server.url('/missing.png'), /answered HTTP 404/],
      [server.url('/slow.png'), new RegExp(`took longer than ${TIMEOUT_MS} ms`)],
    ];
    const { word } = await makeSizedProducts(category.id, bad.length + 1);
    const rows = [
      ...bad.map(([photo], n) => ({ sku: `${word}-${n}-M`, price: '50.00', photo })),
      { sku: `${word}-${bad.length}-M`, price: '50.00', photo: '' },
    ];

    const job = await runImport(api, admin.token, csvOf(rows), false);

    expect(job).toMatchObject({ updated: 1, errorCount: bad.length });
    bad.forEach(([, message], n) => {
      expect(job.errors[n]).toMatchObject({ row: n + 2, column: 'photo' });
      expect(job.errors[n]?.message).toMatch(message);
    });
    const after = await exportedRows(api, admin.token);
    bad.forEach((_, n) => {
      expect(after.get(`${word}-${n}-M`)).toMatchObject({ price: '11.00', photo: '' });
    });
    expect(after.get(`${word}-${bad.length}-M`)?.price).toBe('50.00');
  });

  test('when a dry run gives photo URLs, then what needs no network is checked and nothing is fetched', async ({
    api,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const listed = server.url('/green.png');
    const file = csvOf([
      { sku: `${word}-0-S`, photo: listed },
      { sku: `${word}-0-M`, photo: 'http://elsewhere.example/red.png' },
    ]);
    const hitsBefore = server.hits('/green.png');

    const job = await runImport(api, admin.token, file, true);

    expect(job.changes).toEqual([
      { row: 2, sku: `${word}-0-S`, field: 'photo', from: '', to: listed },
    ]);
    expect(job.errors).toEqual([
      {
        row: 3,
        column: 'photo',
        message: 'elsewhere.example is not one of the hosts photos are fetched from',
      },
    ]);
    expect(server.hits('/green.png')).toBe(hitsBefore);
  });

  test('when IMPORT_PHOTO_HOSTS is empty, then a new photo URL is a row error and the photos the export shows change nothing', async ({
    admin,
    addProduct,
  }) => {
    const product = await addProduct();
    const off = appWith({});
    const row = [...(await exportedRows(off, admin.token)).values()].find(
      (r) => r.slug === product.slug,
    ) as CsvRecord;

    const same = await runImport(off, admin.token, csvOf([row]), false);
    expect(same).toMatchObject({ unchanged: 1, errorCount: 0 });
    const changed = await runImport(
      off,
      admin.token,
      csvOf([{ ...row, photo: server.url('/red.png') }]),
      false,
    );
    expect(changed.errors).toEqual([
      {
        row: 2,
        column: 'photo',
        message:
          'Photo URLs are not enabled: the shop fetches photos only from the hosts in IMPORT_PHOTO_HOSTS',
      },
    ]);
  });

  test('when a listed name resolves to 127.0.0.1 and that address is not listed itself, then the photo is refused', async ({
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const namesOnly = appWith({ IMPORT_PHOTO_HOSTS: '*.photos.test' });
    const hitsBefore = server.hits('/red.png');

    const job = await runImport(
      namesOnly,
      admin.token,
      csvOf([{ sku: `${word}-0-S`, photo: server.url('/red.png', 'cdn.photos.test') }]),
      false,
    );

    expect(job.errors).toEqual([
      {
        row: 2,
        column: 'photo',
        message: 'cdn.photos.test is a loopback address (127.0.0.1), which is never fetched',
      },
    ]);
    expect(server.hits('/red.png')).toBe(hitsBefore);
  });
});
