import { productResponseSchema } from '@shop/contracts';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenIntents } from '../../db/catalogue-changes.js';
import { signToken } from '../../lib/tokens.js';
import { makeCategory, makeProduct, productForm, sendForm } from '../../test/catalogue.js';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { startTestApp } from '../../test/harness.js';
import { type ApiProcess, JWT_SECRET, startApiProcess } from '../../test/oversell.js';
import { insertUser } from '../auth/repository.js';

/**
 * Two API processes on one database, each with the catalogue in memory. One of them is killed
 * right after a write to a product lands, before it announces that the write is done (the
 * CRASH_AFTER_CATALOGUE_WRITE fault): the other must serve the new data all the same.
 */
let t: Awaited<ReturnType<typeof startTestApp>>;
let fake: FakeStripe;
const processes: ApiProcess[] = [];
beforeAll(async () => {
  t = await startTestApp();
  fake = await startFakeStripe();
});
afterAll(async () => {
  for (const api of processes) api.stop();
  await fake.close();
  await t.close();
});

const priceShownBy = async (api: ApiProcess, slug: string) => {
  const res = await fetch(`${api.url}/api/v1/product/get-product/${slug}`);
  return productResponseSchema.parse(await res.json()).product.price;
};

describe('a process killed between a catalogue write and its announcement', () => {
  it('when the writer dies right after the write lands, then the other process serves the new data within 5 s', async () => {
    const category = await makeCategory();
    const product = await makeProduct({ categoryId: category.id, price: 25 });
    const admin = await insertUser({
      name: 'Crash Admin',
      email: `crash-admin-${product.id}@example.com`,
      passwordHash: 'not used: the admin signs in with a token',
      phone: '555-0100',
      address: '1 Admin Street',
      role: 1,
      staffRole: 'owner',
    });
    const [writer, reader] = await Promise.all([
      startApiProcess(t.databaseUrl, fake, { env: { CRASH_AFTER_CATALOGUE_WRITE: '1' } }),
      startApiProcess(t.databaseUrl, fake),
    ]);
    processes.push(writer, reader);
    expect(await priceShownBy(reader, product.slug)).toBe(25);

    const edit = sendForm(
      supertest(writer.url)
        .put(`/api/v1/product/update-product/${product.id}`)
        .set('Authorization', signToken(admin._id, JWT_SECRET)),
      productForm(category.id, { name: product.name, price: '99', reason: 'Dearer' }),
    );
    expect(
      await edit.then(
        () => 'answered',
        () => 'cut off',
      ),
    ).toBe('cut off');
    expect(await writer.exited).toBe('SIGKILL');
    const killedAt = Date.now();
    // Killed between the two: the intent of the write is in the log, its completion is not.
    const open = [...(await readOpenIntents()).values()];
    expect(open.some((intent) => intent.productIds?.includes(product.id))).toBe(true);

    await expect
      .poll(() => priceShownBy(reader, product.slug), { timeout: 5_000, interval: 50 })
      .toBe(99);
    console.log(
      `the other process served the new price ${Date.now() - killedAt} ms after the kill`,
    );
  }, 180_000);
});
