import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fields of a PaymentIntent the shop reads. */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  client_secret: string;
  created: number;
  livemode: false;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A Stripe stand-in on 127.0.0.1 for the two calls the shop makes (create and retrieve a
 * PaymentIntent), used through the real `stripe` SDK by pointing STRIPE_API_BASE at it.
 * Unlike stripe-mock it keeps what was created, and lets a test play the card holder
 * (`succeed`) or tamper with an intent (`update`).
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakePaymentIntent>();
  const calls = { create: 0, retrieve: 0 };
  /** The form parameters each intent was created with, as the SDK sent them. */
  const createParams = new Map<string, Record<string, string>>();

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => reply(res, 500, stripeError('api_error', 'fake failed')));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) {
      return reply(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      calls.create += 1;
      const params = new URLSearchParams(await readBody(req));
      const intent = createIntent(params);
      if (!intent) {
        return reply(res, 400, stripeError('invalid_request_error', 'Missing amount or currency'));
      }
      intents.set(intent.id, intent);
      createParams.set(intent.id, Object.fromEntries(params));
      return reply(res, 200, intent);
    }
    if (req.method === 'GET' && retrieve) {
      calls.retrieve += 1;
      const intent = intents.get(decodeURIComponent(retrieve[1] as string));
      if (!intent) {
        return reply(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      }
      return reply(res, 200, intent);
    }
    return reply(res, 404, stripeError('invalid_request_error', `Unrecognized request URL`));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake Stripe has no PaymentIntent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    get,
    createParamsOf: (id: string) => createParams.get(id),
    /** What the card holder confirming the payment in the browser does. */
    succeed: (id: string) => {
      get(id).status = 'succeeded';
    },
    update: (id: string, changes: Partial<Omit<FakePaymentIntent, 'id'>>) => {
      Object.assign(get(id), changes);
    },
    /** An intent made outside the shop's checkout (any metadata a test wants). */
    insert: (fields: Partial<FakePaymentIntent>): FakePaymentIntent => {
      const intent = { ...blankIntent(), ...fields };
      intents.set(intent.id, intent);
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function blankIntent(): FakePaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: 0,
    currency: 'usd',
    status: 'requires_payment_method',
    metadata: {},
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

/** The SDK form-encodes parameters, nesting as `metadata[buyer]=...`. */
function createIntent(params: URLSearchParams): FakePaymentIntent | null {
  const amount = Number(params.get('amount'));
  const currency = params.get('currency');
  if (!Number.isInteger(amount) || amount < 1 || !currency) return null;
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return { ...blankIntent(), amount, currency, metadata };
}

const stripeError = (type: string, message: string) => ({ error: { type, message } });

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
