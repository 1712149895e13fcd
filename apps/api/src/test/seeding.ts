import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The seed accounts' passwords the seeding tests give (outside development none are assumed). */
export const SEED_TEST_PASSWORDS = {
  SEED_ADMIN_PASSWORD: 'seeded-admin-password',
  SEED_USER_PASSWORD: 'seeded-user-password',
};

/**
 * `pnpm seed` as an operator runs it (here through tsx) on the database `mongoUrl` names, with
 * `env` beside: its exit code and what it printed.
 */
export async function runSeedCli(mongoUrl: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      MONGO_URL: mongoUrl,
      JWT_SECRET: 'a-test-secret-for-the-seed-command',
      ...SEED_TEST_PASSWORDS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, output };
}
