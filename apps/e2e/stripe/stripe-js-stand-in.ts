import type { Page } from 'playwright-core';

/**
 * A stand-in for Stripe.js, served at its URL because the real script cannot load here.
 * It offers what @stripe/stripe-js's loader and react-stripe-js use: `window.Stripe` (a
 * factory with a `version` matching the release train in the script's path), elements()
 * with create('card') / getElement, and an element with mount / on / off / update / unmount /
 * destroy firing 'ready' and 'change'. The card field is a plain labelled input.
 * confirmCardPayment posts to https://api.stripe.com like the real script (so the shop's
 * Content-Security-Policy is exercised too) and answers {paymentIntent} or {error}; the
 * fake answers an authorized intent (status `requires_capture`) for the shop's intents,
 * made with capture_method manual, as real Stripe does.
 */
const STRIPE_JS = `(() => {
  const src = (document.currentScript && document.currentScript.src) || '';
  const train = (/^https:\\/\\/js\\.stripe\\.com\\/([a-z0-9]+)/.exec(src) || [])[1] || 'v3';

  function createCard() {
    const handlers = {};
    let input = null;
    const emit = (event, payload) => (handlers[event] || []).slice().forEach((h) => h(payload));
    const card = {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        input = document.createElement('input');
        input.setAttribute('aria-label', 'Card number');
        input.placeholder = 'Card number';
        input.autocomplete = 'cc-number';
        input.inputMode = 'numeric';
        input.addEventListener('input', () => {
          const digits = card._number();
          emit('change', { elementType: 'card', empty: digits === '', complete: digits.length === 16, brand: 'visa' });
        });
        node.appendChild(input);
        setTimeout(() => emit('ready', card), 0);
      },
      on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return card; },
      off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return card; },
      update() {},
      unmount() { if (input) input.remove(); },
      destroy() { card.unmount(); input = null; },
      _number() { return input ? input.value.replace(/\\D/g, '') : ''; },
    };
    return card;
  }

  function Stripe(key) {
    let card = null;
    const group = {
      create(type) {
        if (type !== 'card') throw new Error('The Stripe.js stand-in only makes card elements');
        card = createCard();
        return card;
      },
      getElement(kind) {
        const type = typeof kind === 'string' ? kind : kind && kind.__elementType;
        return type === 'card' ? card : null;
      },
      update() {},
    };
    const unsupported = () => Promise.reject(new Error('not in the Stripe.js stand-in'));
    return {
      elements: () => group,
      createToken: unsupported,
      createPaymentMethod: unsupported,
      registerAppInfo() {},
      _registerWrapper() {},
      async confirmCardPayment(clientSecret, data) {
        const id = clientSecret.split('_secret_')[0];
        const paymentMethod = (data && data.payment_method) || {};
        if (paymentMethod.card !== card || !card) {
          return { error: { type: 'invalid_request_error', message: 'No card element was given' } };
        }
        const billing = paymentMethod.billing_details || {};
        const form = new URLSearchParams({
          key,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card._number(),
          'payment_method_data[billing_details][name]': billing.name || '',
          'payment_method_data[billing_details][email]': billing.email || '',
        });
        try {
          const response = await fetch('https://api.stripe.com/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body: form });
          const body = await response.json();
          return response.ok ? { paymentIntent: body } : { error: body.error };
        } catch (err) {
          return { error: { type: 'api_connection_error', message: 'We could not reach Stripe.' } };
        }
      },
    };
  }
  Stripe.version = train === 'v3' ? 3 : train;
  window.Stripe = Stripe;
})();`;

/**
 * Serves the stand-in for Stripe.js and forwards what it sends to api.stripe.com to the
 * fake Stripe's browser side (`browserUrl` of startE2eStripe), adding the CORS header the
 * real api.stripe.com sends.
 */
export async function serveFakeStripeJs(page: Page, browserUrl: string) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const answer = await fetch(`${browserUrl}${pathname}`, {
      method: route.request().method(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: route.request().postData() ?? undefined,
    });
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: await answer.text(),
    });
  });
}
