import { rmSync } from 'node:fs';
import { productResponseSchema } from '@shop/contracts';
import supertest from 'supertest';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { createProduct } from '../../test/checkout.js';
import { changePrice, etagsOf, SHOWING_SERVER_ENTRY } from '../../test/kept-pages.js';
import { until } from '../../test/mail-outbox.js';
import { type ApiProcess, createBuyers, withTwoApiProcesses } from '../../test/oversell.js';
import { writeBuiltSpaWithServerEntry } from '../../test/storefront.js';

const { root, dist } = writeBuiltSpaWithServerEntry(SHOWING_SERVER_ENTRY, {
  'assets/index-1.css': 'body{margin:0}',
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pageOf = async (server: ApiProcess, path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, etag: res.headers.get('etag') ?? undefined, text: await res.text() };
};

describe('kept pages over two API processes', () => {
  test("when an admin changes a lamp's price on one process, then the other makes the lamp's page again within a few seconds and keeps the desk's page as it was, the same ETag", async () => {
    await withTwoApiProcesses(
      inject('mongoUrl'),
      'kept_pages',
      async ([a, b]) => {
        const [admin = ''] = await createBuyers(1, 1);
        const lamp = await createProduct();
        const desk = await createProduct();
        const lampPage = `/product/${lamp.slug}`;
        const deskPage = `/product/${desk.slug}`;
        await until('both products on both processes', async () =>
          (
            await Promise.all(
              [a, b].flatMap((s) => [lampPage, deskPage].map((path) => pageOf(s, path))),
            )
          ).every((page) => page.status === 200),
        );
        const onB = async (path: string) => (await pageOf(b, path)).etag;
        const before = await etagsOf(onB, [lampPage, deskPage]);
        expect(await etagsOf(onB, [lampPage, deskPage])).toEqual(before);

        const onA = supertest(a.url);
        const { product } = productResponseSchema.parse(
          (await onA.get(`/api/v1/product/get-product/${lamp.slug}`).expect(200)).body,
        );
        const categoryId = product.category?._id ?? '';
        const edited = { ...lamp, categoryId, description: product.description, quantity: 10 };
        await changePrice(onA, admin, edited, 31);

        await until(
          "the new price on the other process's page",
          async () => (await pageOf(b, lampPage)).text.includes(`${lamp.name} 31`),
          5_000,
        );
        const after = await etagsOf(onB, [lampPage, deskPage]);
        expect(after[lampPage]).not.toBe(before[lampPage]);
        expect(after[deskPage]).toBe(before[deskPage]);
      },
      { env: { WEB_DIST: dist } },
    );
  }, 240_000);
});
