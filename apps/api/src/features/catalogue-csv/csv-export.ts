import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CATALOGUE_CSV_COLUMNS } from '@shop/contracts/catalogue-csv';
import { stringify } from 'csv-stringify';
import { asText } from '../../lib/csv.js';
import { listCategories } from '../categories/index.js';
import { streamProducts } from '../products/index.js';
import { storeCurrency } from '../store/index.js';
import { csvRowOf } from './presenter.js';

/** Every variant's row, product after product, as the cursor hands them out. */
async function* rowsOf(currency: string, origin: string): AsyncGenerator<string[]> {
  const categorySlugs = new Map((await listCategories()).map((c) => [c._id, c.slug]));
  for await (const product of streamProducts()) {
    for (const variant of product.variants) {
      yield csvRowOf(product, variant, { currency, categorySlugs, origin });
    }
  }
}

/**
 * Writes the catalogue as CSV (RFC 4180 with a BOM, formulas written as text, as the orders'
 * export) into `out`, one variant a row. Streamed from one cursor: memory holds a batch of
 * products, never the whole catalogue. Photo URLs start with `origin`, the shop's public one.
 */
export async function writeCatalogueCsv(out: Writable, origin: string): Promise<void> {
  await pipeline(
    Readable.from(rowsOf(await storeCurrency(), origin)),
    stringify({
      header: true,
      columns: [...CATALOGUE_CSV_COLUMNS],
      record_delimiter: 'windows',
      bom: true,
      cast: { string: asText },
    }),
    out,
  );
}
