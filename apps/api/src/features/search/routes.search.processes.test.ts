import { facetedSearchResponseSchema, suggestResponseSchema } from '@shop/contracts';
import { describe, expect, inject, test } from 'vitest';
import { uniqueWord } from '../../test/catalogue.js';
import { createProduct } from '../../test/checkout.js';
import { until } from '../../test/mail-outbox.js';
import { inStoreCurrency } from '../../test/money.js';
import { type ApiProcess, withTwoApiProcesses } from '../../test/oversell.js';
import { deleteProduct, updateProduct } from '../products/repository/writes.js';

const searchOn = async (server: ApiProcess, q: string) =>
  facetedSearchResponseSchema.parse(
    await (await fetch(`${server.url}/api/v1/search?${new URLSearchParams({ q })}`)).json(),
  );
const suggestedOn = async (server: ApiProcess, q: string) =>
  suggestResponseSchema
    .parse(
      await (
        await fetch(`${server.url}/api/v1/search/suggest?${new URLSearchParams({ q })}`)
      ).json(),
    )
    .products.map((p) => p._id);

/** Whether each process finds only the product by `word` (or none), in search and suggestions. */
const findsOnEach =
  (servers: readonly ApiProcess[], word: string, productId: string | null) => async () => {
    const expected = productId ? [productId] : [];
    for (const server of servers) {
      const found = await searchOn(server, word);
      if (JSON.stringify(found.products.map((p) => p._id)) !== JSON.stringify(expected)) {
        return false;
      }
      if (JSON.stringify(await suggestedOn(server, word)) !== JSON.stringify(expected)) {
        return false;
      }
    }
    return true;
  };

/** The catalogue's usual delay (a poll every 200 ms), with room for a machine under load. */
const SEEN_WITHIN_MS = 5_000;

describe("search's index over two API processes", () => {
  test('when a product is renamed, repriced and deleted, then both processes’ search and suggestions follow each change', async () => {
    await withTwoApiProcesses(inject('mongoUrl'), 'search_index', async (servers) => {
      const lamp = await createProduct({ price: 15 });
      const [before, after] = [uniqueWord(), uniqueWord()];
      await updateProduct(lamp.id, { name: `Lamp ${before}` });
      await until('the product found on both', findsOnEach(servers, before, lamp.id), 60_000);

      await updateProduct(lamp.id, { name: `Lamp ${after}`, price: await inStoreCurrency(45) });
      await until(
        'the new name found on both',
        findsOnEach(servers, after, lamp.id),
        SEEN_WITHIN_MS,
      );
      await until('the old name gone on both', findsOnEach(servers, before, null), SEEN_WITHIN_MS);
      for (const server of servers) {
        const { facets } = await searchOn(server, after);
        // The home page's bands: $40 to 59 is the third.
        expect(facets.prices.map((band) => band.count)).toEqual([0, 0, 1, 0, 0, 0]);
      }

      await deleteProduct(lamp.id);
      await until(
        'the deleted product gone on both',
        findsOnEach(servers, after, null),
        SEEN_WITHIN_MS,
      );
    });
  }, 240_000);
});
