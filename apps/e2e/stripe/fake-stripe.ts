import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The API's own Stripe double (create, retrieve, capture and cancel through the real SDK),
// reused rather than written again; only the browser's side of a payment is added here.
import { type FakeStripe, noSuchPaymentIntent, startFakeStripe } from '@shop/api/testing';

/** Stripe's test cards: this one succeeds, DECLINED_CARD is refused. */
export const TEST_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export const E2E_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_shop',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_shop',
};

/** Statuses in which Stripe lets a PaymentIntent be confirmed. */
const CONFIRMABLE: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const cardError = (code: string, message: string) => ({
  status: 402,
  body: { error: { type: 'card_error', code, message } },
});

/**
 * What api.stripe.com does when Stripe.js confirms a card payment in the browser
 * (`POST /v1/payment_intents/{id}/confirm` with the publishable key and client secret):
 * a test card authorizes the PaymentIntent (`requires_capture` when it was made with
 * capture_method manual, as the shop's are) or charges it (`succeeded`) otherwise.
 */
function confirm(stripe: FakeStripe, id: string, form: URLSearchParams) {
  if (!form.get('key')?.startsWith('pk_test_')) {
    return {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
    };
  }
  let intent: ReturnType<FakeStripe['get']>;
  try {
    intent = stripe.get(id);
  } catch {
    return noSuchPaymentIntent();
  }
  if (form.get('client_secret') !== intent.client_secret) {
    return {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', message: 'The client_secret does not match' },
      },
    };
  }
  if (!CONFIRMABLE.has(intent.status)) {
    const message =
      intent.status === 'succeeded'
        ? 'This PaymentIntent has already succeeded.'
        : `This PaymentIntent's status is ${intent.status}, which cannot be confirmed.`;
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message,
          payment_intent: intent,
        },
      },
    };
  }
  const number = form.get('payment_method_data[card][number]') ?? '';
  if (number === DECLINED_CARD) return cardError('card_declined', 'Your card was declined.');
  if (number !== TEST_CARD) return cardError('incorrect_number', 'Your card number is incorrect.');
  stripe.confirm(id);
  return { status: 200, body: stripe.get(id) };
}

/**
 * The API's fake Stripe (give its url to the API as STRIPE_API_BASE) plus `browserUrl`, where
 * the browser's confirmations are forwarded from https://api.stripe.com by the e2e test.
 */
export async function startE2eStripe() {
  const stripe = await startFakeStripe();
  const browserSide = createServer((req, res) => {
    void handle(req, res).catch(() => reply(res, 500, { error: { type: 'api_error' } }));
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const id = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path)?.[1];
    if (req.method !== 'POST' || !id)
      return reply(res, 404, { error: { type: 'invalid_request_error' } });
    const answer = confirm(
      stripe,
      decodeURIComponent(id),
      new URLSearchParams(await readBody(req)),
    );
    return reply(res, answer.status, answer.body);
  }
  await new Promise<void>((resolve) => browserSide.listen(0, '127.0.0.1', resolve));
  const { port } = browserSide.address() as AddressInfo;

  return {
    apiBase: stripe.url,
    browserUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => browserSide.close(() => resolve()));
      await stripe.close();
    },
  };
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
