import { errorResponseSchema, messageResponseSchema } from '@shop/contracts';
import { NOTIFY_ME_NOTED } from '@shop/contracts/back-in-stock';
import { createProduct } from '../../test/checkout.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { unknownId } from '../../test/harness.js';
import { mailWaiting } from '../../test/mail-sender.js';
import { updateProduct } from '../products/repository/writes.js';
import { findSubscription } from './repository.js';
import { notifyRestocked } from './use-cases.js';

const notifyMe = (api: Api, productId: string, body: unknown) =>
  api.post(`/api/v1/product/${productId}/notify-me`).send(body as object);

/** The back-in-stock events waiting in the outbox for these subscriptions. */
const eventsAbout = async (productId: string) =>
  (await mailWaiting()).filter(
    (e) => e.event.type === 'variant.back-in-stock' && e.event.source?.startsWith(productId),
  );

describe('POST /api/v1/product/{productId}/notify-me', () => {
  test('when a sold-out variant is restocked, then each subscriber gets one e-mail queued, once, and their subscription ends', async ({
    api,
  }) => {
    const lamp = await createProduct({ quantity: 0 });
    for (const email of ['ada@example.com', 'Grace@Example.com', 'ada@example.com']) {
      const res = await notifyMe(api, lamp.id, { email, variant: lamp.id }).expect(200);
      expect(messageResponseSchema.parse(res.body)).toEqual({
        success: true,
        message: NOTIFY_ME_NOTED,
      });
    }
    // Still sold out: nothing to tell.
    await notifyRestocked();
    expect(await eventsAbout(lamp.id)).toEqual([]);

    await updateProduct(lamp.id, { quantity: 4 });
    // Two processes looking at once: the second finds nothing left to tell.
    await Promise.all([notifyRestocked(), notifyRestocked()]);
    await notifyRestocked();
    const events = await eventsAbout(lamp.id);
    expect(events.map((e) => e.event.source).sort()).toEqual([
      `${lamp.id}.${lamp.id}.ada@example.com`,
      `${lamp.id}.${lamp.id}.grace@example.com`,
    ]);
    for (const event of events) {
      expect((await findSubscription(event.event.source ?? ''))?.notifiedBy).toBe(event.event.id);
    }
  });

  const refusals: [string, (lampId: string) => [string, object], number, string][] = [
    [
      'the product is unknown',
      (lampId) => [unknownId(), { email: 'a@b.co', variant: lampId }],
      404,
      'Product not found',
    ],
    [
      'the variant is unknown',
      (lampId) => [lampId, { email: 'a@b.co', variant: unknownId() }],
      400,
      'This product has no such variant',
    ],
    [
      'the e-mail is not one',
      (lampId) => [lampId, { email: 'nope', variant: lampId }],
      400,
      'Email must be a valid e-mail address',
    ],
    ['the e-mail is missing', (lampId) => [lampId, { variant: lampId }], 400, 'Email is required'],
  ];
  for (const [when, request, status, message] of refusals) {
    test(`when ${when}, then ${status} says so`, async ({ api }) => {
      const lamp = await createProduct({ quantity: 0 });
      const [productId, body] = request(lamp.id);
      const res = await notifyMe(api, productId, body).expect(status);
      expect(errorResponseSchema.parse(res.body).message).toBe(message);
    });
  }

  test('when the variant is in stock, then 400: it can be bought now', async ({ api }) => {
    const lamp = await createProduct({ quantity: 2 });
    const res = await notifyMe(api, lamp.id, { email: 'a@b.co', variant: lamp.id }).expect(400);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'This variant is in stock: it can be bought now',
    );
  });
});
