import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The binary `pnpm build` makes (`go run ./build -o bin/ferretdb`). */
export const BINARY = fileURLToPath(new URL('../bin/ferretdb', import.meta.url));

export interface Server {
  url: string;
  /** The URI of its Unix socket, when it was started with one. */
  socketUrl?: string;
  /** The folder it keeps its files in, which another server may be started on. */
  dir: string;
  /** Stops it as an operator would (SIGTERM) and removes its folder. */
  stop: () => Promise<void>;
  /** Kills it at once (SIGKILL), as a crash would, and leaves its files. */
  kill: () => Promise<void>;
}

/** The socket a server started with `socket` listens on, in its folder. */
export const socketPathIn = (folder: string) => join(folder, 'ferretdb.sock');

/**
 * Starts the built binary on a free loopback port and a folder of its own, or on `dir`, the
 * folder of a server that is gone; with `socket`, on a Unix socket in that folder as well.
 */
export async function startServer({
  dir,
  socket = false,
}: {
  dir?: string;
  socket?: boolean;
} = {}): Promise<Server> {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run pnpm build first`);
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'ferretdb-test-'));
  const args = ['-listen', '127.0.0.1:0', '-dir', join(folder, 'data')];
  if (socket) args.push('-listen-unix', socketPathIn(folder));
  const child = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await listeningUrl(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    ...(socket ? { socketUrl: `mongodb://${encodeURIComponent(socketPathIn(folder))}/` } : {}),
    dir: folder,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
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
