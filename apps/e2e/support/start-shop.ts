import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@shop/api/testing';
import { SEED_ADMIN, SEED_USER } from './accounts';
import { API_SERVER, WEB_INDEX } from './paths';

/** The first start may build tools/ferretdb; later ones take a few seconds. */
const START_TIMEOUT_MS = 240_000;

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The shop exited with code ${child.exitCode} before it was up:\n${output()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The shop did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** A shop started: where it listens, and how to stop it (its data folder goes with it). */
export interface StartedShop {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts the BUILT shop as a person would (`node apps/api/dist/server.js`): a free port, a fresh
 * data folder, no MONGO_URL, so the API starts its embedded database and seeds it. The
 * environment passes through (STRIPE_*, SMTP_URL), but for what `without` names.
 */
export async function startShop({
  without = [],
}: {
  without?: string[];
} = {}): Promise<StartedShop> {
  for (const built of [API_SERVER, WEB_INDEX]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every e2e file signs in several times from the same address within minutes.
    AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT ?? '1000',
    PROFILE_RATE_LIMIT: process.env.PROFILE_RATE_LIMIT ?? '1000',
    CHECKOUT_RATE_LIMIT: process.env.CHECKOUT_RATE_LIMIT ?? '1000',
    // Every e2e shopper pays from that address too, and leaves checkouts held until they expire.
    CHECKOUT_HOLD_UNITS_PER_ADDRESS: process.env.CHECKOUT_HOLD_UNITS_PER_ADDRESS ?? '100000',
    // Outside development the seed wants its passwords said out loud: the published ones.
    SEED_ADMIN_PASSWORD: SEED_ADMIN.password,
    SEED_USER_PASSWORD: SEED_USER.password,
  };
  for (const name of ['MONGO_URL', ...without]) delete env[name];

  let log = '';
  const child = spawn(process.execPath, [API_SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const stop = async () => {
    process.off('exit', stopOnExit);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}
