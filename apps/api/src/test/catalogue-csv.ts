import { type ImportJob, importJobResponseSchema } from '@shop/contracts/catalogue-csv';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect } from 'vitest';
import { insertProducts, newProductId } from '../features/products/repository/writes.js';
import { toSlug } from '../lib/slug.js';
import { uniqueWord } from './catalogue.js';
import type { Api } from './harness.js';
import { inStoreCurrency } from './money.js';

/** A row of the catalogue's CSV by column name. */
export type CsvRecord = Record<string, string>;

/** The export's text, read whole. */
export const exportText = async (api: Api, token: string) =>
  (await api.get('/api/v1/product/export.csv').set('Authorization', token).buffer(true).expect(200))
    .text;

/** The rows of a CSV under its header, by column name, read by csv-parse on its own. */
export const rowsOf = (text: string): CsvRecord[] =>
  parse(text, { bom: true, columns: true, relax_column_count: false });

/** The rows as a CSV file again, header first (the columns of the first row). */
export const csvOf = (rows: readonly CsvRecord[], columns = Object.keys(rows[0] ?? {})) =>
  Buffer.from(stringify(rows as CsvRecord[], { header: true, columns }));

/** Starts an import of the file: the request, to expect its answer. */
export const sendImport = (api: Api, token: string, file: Buffer, dryRun: boolean) =>
  api
    .post('/api/v1/product/import')
    .set('Authorization', token)
    .field('dryRun', String(dryRun))
    .attach('file', file, { filename: 'catalogue.csv', contentType: 'text/csv' });

/** The job through `api` until it is over (done or failed), read every 100 ms for at most 60 s. */
export async function jobWhenOver(api: Api, token: string, jobId: string): Promise<ImportJob> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await api.get(`/api/v1/jobs/${jobId}`).set('Authorization', token).expect(200);
    const { success: _, ...job } = importJobResponseSchema.parse(res.body);
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} after 60 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Imports the file and answers the finished job (it must end done). */
export async function runImport(api: Api, token: string, file: Buffer, dryRun: boolean) {
  const res = await sendImport(api, token, file, dryRun).expect(202);
  const job = await jobWhenOver(api, token, res.body.jobId);
  expect(job.status, job.message).toBe('done');
  return job;
}

/**
 * `count` products of the category, each with three sizes (S, M, L) of SKU `<word>-<n>-<size>`,
 * priced 10, 11, 12, in one write.
 */
export async function makeSizedProducts(categoryId: string, count: number, word = uniqueWord()) {
  const [small, medium, large] = await Promise.all([
    inStoreCurrency(10),
    inStoreCurrency(11),
    inStoreCurrency(12),
  ]);
  const sizes = [
    { size: 'S', price: small },
    { size: 'M', price: medium },
    { size: 'L', price: large },
  ];
  const products = Array.from({ length: count }, (_, n) => {
    const name = `Sized ${word} ${n}`;
    return {
      _id: newProductId(),
      name,
      slug: toSlug(name),
      description: 'Comes in three sizes',
      price: small,
      quantity: 0,
      categoryId,
      shipping: 1 as const,
      photo: null,
      variants: {
        options: [{ name: 'Size', values: sizes.map((s) => s.size) }],
        variants: sizes.map(({ size, price }) => ({
          _id: newProductId(),
          sku: `${word}-${n}-${size}`.toUpperCase(),
          options: { Size: size },
          price,
          quantity: 5,
        })),
      },
    };
  });
  await insertProducts(products);
  return { word: word.toUpperCase(), products };
}
