import { createLampsAndDesk, startCheckout } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { guestEmail, guestPaymentIntentCall } from '../../test/guest-checkout.js';
import { createUser, errorOf } from '../../test/harness.js';
import { address } from '../../test/sign-ins.js';

const LIMIT = 2;
test.override('appEnv', { scope: 'file' }, { CHECKOUT_RATE_LIMIT: String(LIMIT) });

const TOO_MANY = 'Too many requests, please try again in 15 minutes';

describe('guest checkout rate limits', () => {
  test('when one e-mail checks out from ever new addresses, then its calls are counted together: 429 past the limit', async ({
    app,
  }) => {
    const { cart } = await createLampsAndDesk();
    const email = guestEmail();
    const from = (n: number) =>
      guestPaymentIntentCall(app.app, email, cart).set('X-Forwarded-For', address(n));
    expect((await from(11)).status).toBe(200);
    expect((await from(12)).status).toBe(200);
    const third = await from(13);
    expect(third.status).toBe(429);
    expect(errorOf(third.body)).toBe(TOO_MANY);
  });

  test("when one address checks out with ever new e-mails, then its calls are counted together, and an account's are not", async ({
    app,
  }) => {
    const { cart } = await createLampsAndDesk();
    const from = (email: string) =>
      guestPaymentIntentCall(app.app, email, cart).set('X-Forwarded-For', address(21));
    expect((await from(guestEmail())).status).toBe(200);
    expect((await from(guestEmail())).status).toBe(200);
    const third = await from(guestEmail());
    expect(third.status).toBe(429);
    expect(errorOf(third.body)).toBe(TOO_MANY);

    // Goods of its own: the guests' payments hold the first ones' units.
    const account = await createUser();
    const own = await createLampsAndDesk();
    await expect(startCheckout(app.app, account.token, own.cart)).resolves.toMatchObject({
      amount: 1999 * 2 + 12000,
    });
  });
});
