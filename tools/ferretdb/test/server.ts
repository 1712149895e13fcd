import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The binary `pnpm build` makes (`go run ./build -o bin/ferretdb`). */
export const BINARY = fileURLToPath(new URL('../bin/ferretdb', import.meta.url));

export interface Server {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the built binary on a free loopback port and a folder of its own. */
export async function startServer(): Promise<Server> {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run pnpm build first`);
  const dir = mkdtempSync(join(tmpdir(), 'ferretdb-test-'));
  const child = spawn(BINARY, ['-listen', '127.0.0.1:0', '-dir', join(dir, 'data')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await listeningUrl(child);
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URI the server prints once its listener is bound. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`ferretdb exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ferretdb listening on (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
  });
}
