import mongoose from 'mongoose';
import supertest from 'supertest';
import {
  createProduct,
  placeOrderCall,
  startCheckout,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { describe, checkoutTest as test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';

describe('count', () => {
  test('ops per call', async ({ app, stripe }) => {
    const product = await createProduct({ price: 19.99, quantity: 1000 });
    const user = await createUser();
    const cart = [{ _id: product.id, quantity: 1 }];
    const ops: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      mongoose.set('debug', (coll: string, method: string) => {
        ops.push(`${coll}.${method}`);
      });
      const step = async (name: string, work: () => Promise<unknown>) => {
        ops.length = 0;
        await work();
        await new Promise((r) => setTimeout(r, 50));
        const counts = new Map<string, number>();
        for (const op of ops) counts.set(op, (counts.get(op) ?? 0) + 1);
        console.log(
          `round ${round} ${name}: ${ops.length} ops`,
          [...counts].map(([k, v]) => `${k}×${v}`).join(', '),
        );
      };
      await step('quote', () =>
        supertest(app.app)
          .post('/api/v1/order/quote')
          .set('Authorization', `Bearer ${user.token}`)
          .send({ cart, deliveryAddress: TEST_DELIVERY_ADDRESS })
          .expect(200),
      );
      let id = '';
      await step('start', async () => {
        id = (await startCheckout(app.app, user.token, cart)).paymentIntentId;
      });
      stripe.confirm(id);
      await step('place', () => placeOrderCall(app.app, user.token, id).expect(201));
      mongoose.set('debug', false);
    }
  });
});
