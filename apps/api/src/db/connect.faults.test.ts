import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { errorResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import supertest from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { findOrderOfPayment } from '../features/orders/repository/reads.js';
import { freePort } from '../lib/free-port.js';
import { createLogger } from '../lib/logger.js';
import { createProduct, placeOrderCall, startCheckout, stockOf } from '../test/checkout.js';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe.js';
import { createUser, testConfig } from '../test/harness.js';
import { connectDatabase } from './connect.js';
import { buildFerretDb, startEmbeddedDatabase } from './embedded.js';

/**
 * These tests run a database of their own (never the suite's shared one) and kill it while
 * the shop serves: the calls made while it is down answer 503 quickly, and once it is back
 * the same app serves again, with every order placed before and after still there.
 */
const dirs: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-fault-db-'));
  dirs.push(dir);
  return dir;
};

async function startShop(url: string) {
  const fake = await startFakeStripe();
  const db = await connectDatabase({ mongoUrl: url, dataDir: '', dbName: 'fault' });
  const config = testConfig({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_API_BASE: fake.url,
  });
  const app = createApp({ config, logger: createLogger('silent') });
  cleanups.push(async () => {
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await db.close();
    await fake.close();
  });
  return { app, fake, db };
}

/** One unit bought through the API with the fake Stripe: create-payment-intent, card, place-order. */
async function buyOne(app: Parameters<typeof supertest>[0], fake: FakeStripe, productId: string) {
  const buyer = await createUser();
  const { paymentIntentId } = await startCheckout(app, buyer.token, [{ _id: productId }]);
  fake.confirm(paymentIntentId);
  await placeOrderCall(app, buyer.token, paymentIntentId).expect(201);
  return paymentIntentId;
}

interface Answer {
  status: number;
  ms: number;
  body: unknown;
}

async function timeAnswer(call: supertest.Test): Promise<Answer> {
  const started = Date.now();
  const res = await call;
  return { status: res.status, ms: Date.now() - started, body: res.body };
}

/** Calls a catalogue route and /healthz until /healthz says 200; returns every answer. */
async function callUntilHealthy(app: Parameters<typeof supertest>[0]) {
  const answers: Answer[] = [];
  for (;;) {
    answers.push(await timeAnswer(supertest(app).get('/api/v1/product/get-product')));
    const health = await timeAnswer(supertest(app).get('/healthz'));
    answers.push(health);
    if (health.status === 200) return answers;
  }
}

/** Every order is there once and the stock went down by exactly the units sold. */
async function expectNothingLost(productId: string, start: number, paymentIds: string[]) {
  for (const paymentId of paymentIds) {
    expect((await findOrderOfPayment(paymentId))?.payment.id).toBe(paymentId);
  }
  expect(await stockOf(productId)).toBe(start - paymentIds.length);
}

const report = (label: string, answers: Answer[], recoveryMs: number) => {
  const statuses = answers.map((a) => a.status).join(' ');
  const slowest = Math.max(...answers.map((a) => a.ms));
  console.log(
    `${label}: recovered in ${recoveryMs} ms; answers while down: ${statuses}; slowest ${slowest} ms`,
  );
};

describe('a database that dies while the shop runs', () => {
  it('when the embedded ferretdb is killed, then it is restarted and the same app serves again, no order lost', async () => {
    const embedded = await startEmbeddedDatabase({ dataDir: tempDir(), prefer: 'ferretdb' });
    cleanups.push(() => embedded.stop());
    // The shop talks to it over a Unix socket, whose file a killed server leaves behind: the
    // server started again must listen there all the same.
    if (process.platform !== 'win32') expect(embedded.url).toMatch(/^mongodb:\/\/%2F.*\.sock\/$/);
    const { app, fake } = await startShop(embedded.url);
    const product = await createProduct({ quantity: 50 });
    const paid = [await buyOne(app, fake, product.id), await buyOne(app, fake, product.id)];

    const firstPid = embedded.pid();
    const killedAt = Date.now();
    process.kill(firstPid as number, 'SIGKILL');
    const answers = await callUntilHealthy(app);
    const recoveryMs = Date.now() - killedAt;
    report('supervised ferretdb killed', answers, recoveryMs);

    expect(embedded.pid()).not.toBe(firstPid);
    // Never a 500: either served, or 503 with the usual error body.
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503 && answer.body && 'success' in (answer.body as object)) {
        expect(errorResponseSchema.parse(answer.body).success).toBe(false);
      }
    }
    paid.push(await buyOne(app, fake, product.id), await buyOne(app, fake, product.id));
    await expectNothingLost(product.id, 50, paid);
  });

  it('when a database the shop does not own is down, then calls that need it answer 503 quickly (the catalogue still answers from memory) until it is back', async () => {
    const binary = await buildFerretDb();
    const dir = tempDir();
    const port = await freePort();
    let server = await runFerretDb(binary, dir, port);
    cleanups.push(async () => {
      server.kill('SIGTERM');
    });
    const { app, fake } = await startShop(`mongodb://127.0.0.1:${port}/`);
    const product = await createProduct({ quantity: 20 });
    const paid = [await buyOne(app, fake, product.id)];

    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    const down: Answer[] = [];
    const browsing: Answer[] = [];
    // Down for as long as it takes to see each route refuse: nothing restarts this one.
    while (down.filter((a) => a.status === 503).length < 4) {
      browsing.push(await timeAnswer(supertest(app).get('/api/v1/product/get-product')));
      down.push(
        await timeAnswer(
          supertest(app)
            .post('/api/v1/auth/login')
            .send({ email: 'nobody@shop.test', password: 'whatever1' }),
        ),
      );
      down.push(await timeAnswer(supertest(app).get('/healthz')));
    }
    for (const answer of browsing) expect(answer.status).toBe(200);
    for (const answer of down) expect(answer.status).toBe(503);
    const refused = down.filter((a) => a.body && 'success' in (a.body as object));
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(errorResponseSchema.parse(answer.body)).toEqual({
        success: false,
        message: 'The shop is temporarily unavailable, please try again in a moment',
      });
    }

    const restartedAt = Date.now();
    server = await runFerretDb(binary, dir, port);
    const answers = await callUntilHealthy(app);
    report('external ferretdb restarted', [...down, ...answers], Date.now() - restartedAt);
    paid.push(await buyOne(app, fake, product.id));
    await expectNothingLost(product.id, 20, paid);
  });
});

/** A ferretdb of the test's own on a fixed port and folder, as an operator's server would be. */
function runFerretDb(binary: string, dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    binary,
    ['-listen', `127.0.0.1:${port}`, '-dir', dir, '-log-level', 'error'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ferretdb exited with code ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('ferretdb listening on')) resolve(child);
    });
  });
}
