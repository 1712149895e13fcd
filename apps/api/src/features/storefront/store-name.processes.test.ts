import { rmSync } from 'node:fs';
import { storeSchema } from '@shop/contracts';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { createProduct } from '../../test/checkout.js';
import { until } from '../../test/mail-outbox.js';
import { type ApiProcess, createBuyers, withTwoApiProcesses } from '../../test/oversell.js';
import { writeBuiltSpa } from '../../test/storefront.js';

const dist = writeBuiltSpa();
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const titleOf = async (server: ApiProcess, path: string) =>
  /<title>([^<]*)<\/title>/.exec(await (await fetch(server.url + path)).text())?.[1];

describe("the store's name over two API processes", () => {
  test('when an admin renames the store on one process, then the other process’s next pages carry the new name, though it had just read the settings', async () => {
    await withTwoApiProcesses(
      inject('mongoUrl'),
      'store_name',
      async ([a, b]) => {
        const [admin] = await createBuyers(1, 1);
        const lamp = await createProduct();
        const page = `/product/${lamp.slug}`;
        await until('the product to be on both', async () =>
          (await Promise.all([a, b].map((s) => titleOf(s, page)))).every((t) =>
            t?.startsWith(lamp.name),
          ),
        );
        for (const name of ['Newcomer Outfitters', 'Oldtown Goods', 'Corner Shop']) {
          // The other process reads the settings a moment before the change (it keeps them
          // for a second), and makes its pages again as soon as it sees the change.
          await fetch(`${b.url}/api/v1/store`);
          const settings = storeSchema.parse(await (await fetch(`${a.url}/api/v1/store`)).json());
          const res = await fetch(`${a.url}/api/v1/store`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
            body: JSON.stringify({ ...settings, name }),
          });
          expect(res.status).toBe(200);

          await until(
            `${name} on the other process's page`,
            async () => (await titleOf(b, page)) === `${lamp.name} - ${name}`,
            5_000,
          );
          // Two seconds on, past the second the settings are kept for, it still says so.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          expect(await titleOf(b, page)).toBe(`${lamp.name} - ${name}`);
          expect(await titleOf(a, page)).toBe(`${lamp.name} - ${name}`);
        }
      },
      { env: { WEB_DIST: dist } },
    );
  }, 240_000);
});
