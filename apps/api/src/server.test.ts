import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort } from './db/embedded.js';

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

async function startServer(env: Record<string, string> = {}): Promise<Shop> {
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
  await Promise.race([
    waitForLog('shop listening'),
    exited.then((code) => Promise.reject(new Error(`server exited with ${code}`))),
  ]);
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
        'shutting down: stop sweeping checkout holds done',
        'shutting down: stop looking for variants back in stock done',
        'shutting down: release locks done',
        'shutting down: database closed',
      ]),
    );
    expect(steps).toHaveLength(9);
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
