import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** The fields of a PaymentIntent the shop reads. */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: 'automatic' | 'manual';
  metadata: Record<string, string>;
  client_secret: string;
  created: number;
  livemode: false;
}

/** The fields of a Refund the shop reads. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export type Operation = 'create' | 'retrieve' | 'confirm' | 'capture' | 'cancel' | 'refund';

/** What goes wrong with one request, as it does with the real Stripe now and then. */
export type Fault =
  /** Stripe answers this status (a 5xx) without doing anything. */
  | { kind: 'status'; status: number }
  /** Stripe never answers: the SDK gives up after its timeout. */
  | { kind: 'timeout' }
  /** The connection drops; `afterDoing`: Stripe did the work, only its answer was lost. */
  | { kind: 'drop'; afterDoing?: boolean }
  /** Stripe answers after `ms`. */
  | { kind: 'delay'; ms: number };

/**
 * A Stripe stand-in on 127.0.0.1 for the calls the shop makes (create, retrieve, capture and
 * cancel a PaymentIntent), used through the real `stripe` SDK by pointing STRIPE_API_BASE at
 * it. Unlike stripe-mock it keeps what was created, replays the answer of a repeated
 * idempotency key as Stripe does, and lets a test play the card holder (`confirm`), make a
 * capture fail (`failCapture`), tamper with an intent (`update`), or make the next requests
 * of one operation fail (`inject`: 5xx, timeouts, dropped connections, delays).
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakePaymentIntent>();
  const calls: Record<Operation, number> = {
    create: 0,
    retrieve: 0,
    confirm: 0,
    capture: 0,
    cancel: 0,
    refund: 0,
  };
  /** The refunds of each intent, oldest first. */
  const refunds = new Map<string, FakeRefund[]>();
  const faults = new Map<Operation, Fault[]>();
  const stalled = new Set<ServerResponse>();
  /** Capture requests per intent, answered from the idempotency cache or not. */
  const captures = new Map<string, number>();
  const failingCaptures = new Set<string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
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
    const key = req.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
    const { operation, answer } = await route(req, url);
    const fault = operation ? faults.get(operation)?.shift() : undefined;
    if (fault?.kind === 'delay') await sleep(fault.ms);
    if (fault?.kind === 'status') {
      return reply(res, fault.status, stripeError('api_error', 'Injected failure'));
    }
    if (fault?.kind === 'timeout') {
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return;
    }
    if (fault?.kind === 'drop' && !fault.afterDoing) return res.socket?.destroy();
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    const done = cached ?? answer();
    if (cacheKey && !cached) {
      idempotent.set(cacheKey, { status: done.status, body: structuredClone(done.body) });
    }
    if (fault?.kind === 'drop') return res.socket?.destroy();
    return reply(res, done.status, done.body);
  }

  /** Reads the request; the answer is made (and the intent changed) only if not cached. */
  async function route(
    req: IncomingMessage,
    url: URL,
  ): Promise<{ operation?: Operation; answer: () => Answer }> {
    const params = new URLSearchParams(await readBody(req));
    const [, rawId, action] =
      /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|capture|cancel))?$/.exec(url.pathname) ?? [
        undefined,
        undefined,
        undefined,
      ];
    const id = rawId ? decodeURIComponent(rawId) : undefined;
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const id = url.searchParams.get('payment_intent') ?? '';
      // Newest first, as Stripe lists them.
      const data = [...(refunds.get(id) ?? [])].reverse();
      return {
        operation: 'retrieve',
        answer: () => ({ status: 200, body: { object: 'list', data, has_more: false } }),
      };
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      return {
        operation: 'refund',
        answer: () => refund(params.get('payment_intent') ?? '', params),
      };
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      return {
        operation: 'create',
        answer: () => {
          calls.create += 1;
          const intent = createIntent(params);
          if (!intent) return answer(400, 'invalid_request_error', 'Missing amount or currency');
          intents.set(intent.id, intent);
          createParams.set(intent.id, Object.fromEntries(params));
          return { status: 200, body: intent };
        },
      };
    }
    if (req.method === 'GET' && id && !action) {
      return {
        operation: 'retrieve',
        answer: () => {
          calls.retrieve += 1;
          return found(id, (intent) => ({ status: 200, body: intent }));
        },
      };
    }
    if (req.method === 'POST' && id && action === 'confirm') {
      return {
        operation: 'confirm',
        answer: () => {
          calls.confirm += 1;
          return found(id, (intent) => {
            if (intent.status !== 'requires_payment_method') {
              return unexpectedState(intent, 'confirmed');
            }
            holderConfirms(intent);
            return { status: 200, body: intent };
          });
        },
      };
    }
    if (req.method === 'POST' && id && action === 'capture') {
      captures.set(id, (captures.get(id) ?? 0) + 1);
      return {
        operation: 'capture',
        answer: () => {
          calls.capture += 1;
          return found(id, (intent) => {
            if (failingCaptures.has(id)) {
              // As when the authorization expired before the capture.
              intent.status = 'canceled';
              return unexpectedState(intent, 'captured');
            }
            if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
            intent.status = 'succeeded';
            return { status: 200, body: intent };
          });
        },
      };
    }
    if (req.method === 'POST' && id && action === 'cancel') {
      return {
        operation: 'cancel',
        answer: () => {
          calls.cancel += 1;
          return found(id, (intent) => {
            if (intent.status === 'succeeded' || intent.status === 'canceled') {
              return unexpectedState(intent, 'canceled');
            }
            intent.status = 'canceled';
            return { status: 200, body: intent };
          });
        },
      };
    }
    return { answer: () => answer(404, 'invalid_request_error', 'Unrecognized request URL') };
  }

  /**
   * A refund of a captured intent, as Stripe refunds its charge: of `amount` when the request
   * names one, else of what is left; never past what was captured. The intent stays `succeeded`.
   */
  const refund = (id: string, params: URLSearchParams): Answer => {
    calls.refund += 1;
    return found(id, (intent) => {
      if (intent.status !== 'succeeded') {
        return answer(400, 'invalid_request_error', 'This PaymentIntent has no charge to refund');
      }
      const left = intent.amount - refundedOf(id);
      if (left <= 0) {
        return answer(
          400,
          'invalid_request_error',
          'Charge has already been refunded',
          'charge_already_refunded',
        );
      }
      const amount = params.has('amount') ? Number(params.get('amount')) : left;
      if (!Number.isInteger(amount) || amount < 1 || amount > left) {
        return answer(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount_too_large',
        );
      }
      const made: FakeRefund = {
        id: newId('re'),
        object: 'refund',
        amount,
        payment_intent: id,
        status: 'succeeded',
        reason: null,
        metadata: metadataOf(params),
      };
      refunds.set(id, [...(refunds.get(id) ?? []), made]);
      return { status: 200, body: made };
    });
  };

  const refundedOf = (id: string) =>
    (refunds.get(id) ?? []).reduce((total, made) => total + made.amount, 0);

  const found = (id: string, then: (intent: FakePaymentIntent) => Answer): Answer => {
    const intent = intents.get(id);
    return intent ? then(intent) : noSuchPaymentIntent();
  };

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
    /** The intents `matches` picks: those a checkout made, by their metadata. */
    where: (matches: (intent: FakePaymentIntent) => boolean) =>
      [...intents.values()].filter(matches),
    /**
     * What the card holder confirming the payment in the browser does: the card is
     * authorized (`requires_capture`) when the intent was made with capture_method manual,
     * charged (`succeeded`) otherwise, as Stripe does.
     */
    confirm: (id: string) => holderConfirms(get(id)),
    /** Capture requests the shop sent for the intent. */
    capturesOf: (id: string) => captures.get(id) ?? 0,
    /** Every later capture of the intent fails, as when its authorization expired. */
    failCapture: (id: string) => {
      failingCaptures.add(id);
    },
    /** The amount refunded for the intent (0 when none). */
    refundedOf,
    /** The refunds of the intent, oldest first. */
    refundsOf: (id: string) => [...(refunds.get(id) ?? [])],
    /**
     * A merchant refunds the captured intent in Stripe's dashboard, without the shop: `amount`
     * (minor units) of it, else what is left. Stripe's answer (the refund, or its refusal).
     */
    refundFromDashboard: (id: string, amount?: number) =>
      refund(id, new URLSearchParams(amount === undefined ? {} : { amount: String(amount) })),
    /** The next `times` requests of `operation` fail so; SDK retries count as requests. */
    inject: (operation: Operation, fault: Fault, times = 1) => {
      faults.set(operation, [...(faults.get(operation) ?? []), ...Array(times).fill(fault)]);
    },
    /** Forgets the faults not used yet. */
    heal: () => faults.clear(),
    update: (id: string, changes: Partial<Omit<FakePaymentIntent, 'id'>>) => {
      Object.assign(get(id), changes);
    },
    /** An intent made outside the shop's checkout (any metadata a test wants). */
    insert: (fields: Partial<FakePaymentIntent>): FakePaymentIntent => {
      const intent = { ...blankIntent(), ...fields };
      intents.set(intent.id, intent);
      return intent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
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
    capture_method: 'automatic',
    metadata: {},
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

/** The SDK form-encodes parameters, nesting as `metadata[buyer]=...`. */
function metadataOf(params: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}

function createIntent(params: URLSearchParams): FakePaymentIntent | null {
  const amount = Number(params.get('amount'));
  const currency = params.get('currency');
  if (!Number.isInteger(amount) || amount < 1 || !currency) return null;
  const metadata = metadataOf(params);
  const captureMethod = params.get('capture_method') === 'manual' ? 'manual' : 'automatic';
  return { ...blankIntent(), amount, currency, capture_method: captureMethod, metadata };
}

/** A status and JSON body, as the fake Stripe answers a request. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Stripe's answer for a PaymentIntent id it does not know. */
export const noSuchPaymentIntent = (): Answer => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such payment_intent',
    },
  },
});

const stripeError = (type: string, message: string, code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
});

const answer = (status: number, type: string, message: string, code?: string): Answer => ({
  status,
  body: stripeError(type, message, code),
});

/** Stripe's refusal of an action the intent's status does not allow. */
/** The card authorized (capture_method manual) or charged, as Stripe does on confirmation. */
function holderConfirms(intent: FakePaymentIntent) {
  intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
}

const unexpectedState = (
  intent: FakePaymentIntent,
  done: 'confirmed' | 'captured' | 'canceled',
): Answer => ({
  status: 400,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${done} because it has a status of ${intent.status}.`,
      payment_intent: intent,
    },
  },
});

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
