import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const READY_TIMEOUT_MS = 20_000;

/** Where scripts/ensure-test-tools.sh builds it, else STRIPE_MOCK_BIN, else the PATH. */
function findStripeMock(): string {
  const candidates = [
    process.env.STRIPE_MOCK_BIN,
    join(repoRoot, '.tools/bin/stripe-mock'),
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'stripe-mock')),
  ];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error(
      'stripe-mock is missing: run `bash scripts/ensure-test-tools.sh` (builds it into .tools/bin with Go) or set STRIPE_MOCK_BIN',
    );
  }
  return found;
}

/**
 * Starts Stripe's official API mock (it validates every request against Stripe's OpenAPI
 * spec and answers canned fixtures) on a free port of 127.0.0.1.
 */
export async function startStripeMock(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    findStripeMock(),
    ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = () => {
    child.kill();
  };
  const output: string[] = [];
  const address = await new Promise<string>((resolveAddress, reject) => {
    const timer = setTimeout(
      () => reject(new Error('stripe-mock did not start')),
      READY_TIMEOUT_MS,
    );
    const onLine = (line: string) => {
      output.push(line);
      const match = /Listening for HTTP at address: (\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveAddress(match[1] as string);
      }
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stripe-mock exited with ${code}: ${output.join('\n')}`));
    });
  }).catch((err: Error) => {
    stop();
    throw err;
  });
  return { url: `http://${address}`, stop };
}
