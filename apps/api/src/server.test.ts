import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort } from './lib/free-port.js';
import { MIGRATIONS } from './migrations/index.js';
import { insertOrderBeforeNumbers, insertOrderInMajorUnits } from './test/raw-documents.js';
import { withThrowawayDatabase } from './test/throwaway-database.js';

/**
 * The real server as `pnpm start` runs it (here through tsx), stopped with SIGTERM while a
 * request is in flight: the request is answered, then the process exits by itself.
 */
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Shop {
  child: ChildProcess;
  port: number;
  messages: string[];
  /** Resolves once a log line with this message has been printed. */
  waitForLog(message: string): Promise<void>;
  exited: Promise<number | null>;
}

/** The server started, serving; it rejects when the process exits first. */
async function startServer(env: Record<string, string> = {}): Promise<Shop> {
  const shop = await spawnServer(env);
  await Promise.race([
    shop.waitForLog('shop listening'),
    shop.exited.then((code) =>
      Promise.reject(new Error(`server exited with ${code}: ${shop.messages.join(' | ')}`)),
    ),
  ]);
  return shop;
}

/** The server started, its log lines (`msg`) gathered as they come. */
async function spawnServer(env: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGO_URL: `${inject('mongoUrl')}shutdown_${randomUUID().slice(0, 8)}`,
      JWT_SECRET: 'a-test-secret-that-is-long-enough-for-production',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(child);
  const messages: string[] = [];
  const waiters: { message: string; resolve: () => void }[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const { msg } = JSON.parse(line) as { msg: string };
    messages.push(msg);
    for (const waiter of waiters.filter((w) => msg.includes(w.message))) waiter.resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waitForLog = (message: string) =>
    messages.some((m) => m.includes(message))
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ message, resolve }));
  return { child, port, messages, waitForLog, exited };
}

/**
 * Sends a login request's headers with `Expect: 100-continue` and waits for the server's
 * "100 Continue": from then on the request is in flight on the server, waiting for its body.
 */
async function loginInFlight(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' });
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const gotContinue = new Promise<void>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('100 Continue')) resolve();
    });
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await gotContinue;
  return {
    finish: () => socket.write(body),
    /** Everything the server sent once it closed the connection. */
    response: closed.then(() => received),
    socket,
  };
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('stopping the server', () => {
  it('when SIGTERM arrives during a request, then new connections are refused, the request is answered, and the database closes last', async () => {
    const shop = await startServer();
    const request = await loginInFlight(shop.port);

    shop.child.kill('SIGTERM');
    await shop.waitForLog('shutting down: no new connections');
    expect(await refusesConnections(shop.port)).toBe(true);

    request.finish();
    const response = await request.response;
    // Login looks the e-mail up once the body is in: the database was still open after SIGTERM.
    expect(response).toMatch(/HTTP\/1\.1 401 Unauthorized/);
    expect(response).toContain('"message":"Invalid email or password"');
    expect(await shop.exited).toBe(0);
    // As a set: lines written just before exit may reach the pipe out of order on a busy machine.
    const steps = shop.messages.filter((m) => m.startsWith('shutting down'));
    expect(new Set(steps)).toEqual(
      new Set([
        'shutting down: no new connections; finishing requests in flight',
        'shutting down: requests in flight finished',
        'shutting down: stop sending e-mails done',
        'shutting down: stop counting sales done',
        'shutting down: stop sweeping budget windows done',
        'shutting down: stop sweeping expired checkouts done',
        'shutting down: stop sweeping windows of letters done',
        'shutting down: stop looking for variants back in stock done',
        'shutting down: stop finishing refunds and restocks done',
        'shutting down: stop resuming catalogue imports done',
        'shutting down: announce the catalogue changes under way done',
        'shutting down: mark the events landed under way done',
        'shutting down: release locks done',
        'shutting down: database closed',
      ]),
    );
    expect(steps).toHaveLength(14);
  });

  it('when a request in flight outlasts the time limit, then it is cut and the process still exits', async () => {
    const shop = await startServer({ SHUTDOWN_TIMEOUT_MS: '300' });
    const request = await loginInFlight(shop.port);

    shop.child.kill('SIGINT');
    expect(await shop.exited).toBe(0);
    await request.response;
    expect(request.socket.destroyed).toBe(true);
    expect(shop.messages).toContain('shutting down: requests still running after 300 ms were cut');
    expect(shop.messages).toContain('shutting down: database closed');
  });
});

/** Runs the server with `env` until it exits by itself: its exit code and what it wrote to stderr. */
async function runToExit(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

describe('starting the server on a new embedded database', () => {
  it('when NODE_ENV is production and no seed passwords are given, then it refuses to seed and exits', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-refuse-'));
    const {
      SEED_ADMIN_PASSWORD: _admin,
      SEED_USER_PASSWORD: _user,
      MONGO_URL: _url,
      ...env
    } = process.env;
    const { code, stderr } = await runToExit({
      ...env,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHOP_EMBEDDED_DB: 'ferretdb',
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
      PUBLIC_URL: 'https://shop.example',
      LOG_LEVEL: 'silent',
    });
    rmSync(dataDir, { recursive: true, force: true });

    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to create the seed accounts with their published passwords');
    expect(stderr).toContain('set SEED_ADMIN_PASSWORD and SEED_USER_PASSWORD');
  });
});

describe('starting the server in production', () => {
  it('when PUBLIC_URL is not set, then it refuses to start with one line saying why', async () => {
    const { PUBLIC_URL: _publicUrl, ...env } = process.env;
    const { code, stderr } = await runToExit({
      ...env,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      MONGO_URL: `${inject('mongoUrl')}refused_${randomUUID().slice(0, 8)}`,
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
    });

    expect(code).toBe(1);
    expect(stderr).toBe(
      'Invalid configuration: PUBLIC_URL: PUBLIC_URL must be set in production (where shoppers reach the shop, e.g. https://shop.example): absolute URLs are never taken from a request\n',
    );
  });
});

/** Stops a server that serves, and waits until it is gone. */
async function stopServer(shop: Shop) {
  shop.child.kill('SIGTERM');
  expect(await shop.exited).toBe(0);
}

/**
 * Runs `work` on a database of an earlier version (its migrations unrecorded), connected in this
 * test process too, dropped after.
 */
const onDatabaseBeforeMigrations = (work: (url: string) => Promise<void>) =>
  withThrowawayDatabase('migrating', ({ url }) => work(url), inject('mongoUrl'), {
    shape: 'before migrations',
  });

/** An order of one lamp, its price in major units as the versions before minor units wrote it. */
const insertLampOrder = (number: number, price: number) =>
  insertOrderInMajorUnits({
    buyer: String(new mongoose.Types.ObjectId()),
    number,
    currency: 'usd',
    amount: Math.round(price * 100),
    lines: [{ productId: String(new mongoose.Types.ObjectId()), name: 'Lamp', price, quantity: 1 }],
  });

const recordedMigrations = async () =>
  (await mongoose.connection.collection<{ _id: string }>('migrations').find().toArray()).map(
    ({ _id }) => _id,
  );
const ALL = MIGRATIONS.map(({ id }) => id);

describe('migrating the database on start', () => {
  it('when the shop starts on a new database, then it runs every migration and records it; started again, it runs none', async () => {
    await onDatabaseBeforeMigrations(async (url) => {
      const first = await startServer({ MONGO_URL: url });
      await stopServer(first);
      expect(first.messages).toContain(`migrations: ${ALL.length} pending (${ALL.join(', ')})`);
      expect(await recordedMigrations()).toEqual(ALL);

      const second = await startServer({ MONGO_URL: url });
      await stopServer(second);
      expect(second.messages).toContain('migrations: none pending');
      expect(second.messages.filter((m) => m.startsWith('migration '))).toEqual([]);
    });
  });

  it('when a migration fails, then the start stops with one line saying which and why, and the next start runs it and the ones after it', async () => {
    await onDatabaseBeforeMigrations(async (url) => {
      const order = await insertLampOrder(1001, 12.5);
      const orders = mongoose.connection.collection('orders');
      const setPrice = (price: unknown) =>
        orders.updateOne(
          { _id: new mongoose.Types.ObjectId(order) },
          { $set: { 'products.0.price': price } },
        );
      // A price no version wrote: what a damaged database might hold.
      await setPrice('twelve');

      const failed = await spawnServer({ MONGO_URL: url });
      expect(await failed.exited).toBe(1);
      expect(failed.messages).toContain(
        'migration 006-order-prices-in-minor-units failed: Not an amount of money: twelve. The shop does not start; the next start runs 006-order-prices-in-minor-units again',
      );
      expect(failed.messages.some((m) => m.startsWith('shop listening'))).toBe(false);
      expect(await recordedMigrations()).toEqual(ALL.slice(0, 5));

      await setPrice(12.5);
      const next = await startServer({ MONGO_URL: url });
      await stopServer(next);
      expect(next.messages).toContain(
        `migrations: ${ALL.length - 5} pending (${ALL.slice(5).join(', ')})`,
      );
      expect(await recordedMigrations()).toEqual(ALL);
      const stored = await orders.findOne({ _id: new mongoose.Types.ObjectId(order) });
      expect(stored?.products[0].price).toBe(1250);
    });
  });

  it('when two processes start at once on a database of an earlier version, then one runs each migration while the other waits, and each order is migrated once', async () => {
    await onDatabaseBeforeMigrations(async (url) => {
      const inMajorUnits = await insertLampOrder(900_001, 19.99);
      const buyer = String(new mongoose.Types.ObjectId());
      const unnumbered = await Promise.all(
        [1, 2, 3].map((n) => insertOrderBeforeNumbers({ buyer, createdAt: new Date(n * 1000) })),
      );

      const shops = await Promise.all([
        startServer({ MONGO_URL: url }),
        startServer({ MONGO_URL: url }),
      ]);
      await Promise.all(shops.map(stopServer));

      const ranBy = shops.map((shop) => shop.messages.filter((m) => m.startsWith('migration ')));
      expect(ranBy.filter((ran) => ran.length > 0)).toHaveLength(1);
      expect(await recordedMigrations()).toEqual(ALL);
      const orders = mongoose.connection.collection('orders');
      const byId = (id: string) => orders.findOne({ _id: new mongoose.Types.ObjectId(id) });
      expect((await byId(inMajorUnits))?.products[0].price).toBe(1999);
      const numbers = await Promise.all(unnumbered.map(async (id) => (await byId(id))?.number));
      expect(new Set(numbers).size).toBe(3);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    });
  });
});
