import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export type EmbeddedKind = 'mongodb-memory-server' | 'ferretdb';

export interface EmbeddedDatabase {
  kind: EmbeddedKind;
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder for the database files; kept across restarts. */
  dataDir: string;
  /** Force one engine instead of trying mongod first (SHOP_EMBEDDED_DB). */
  prefer?: EmbeddedKind;
  log?: (line: string) => void;
}

const READY_TIMEOUT_MS = 180_000;
const DNS_TIMEOUT_MS = 3_000;

/** Starts a database the app can use without anything installed by hand. */
export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const order: EmbeddedKind[] =
    options.prefer === 'ferretdb' ? ['ferretdb'] : ['mongodb-memory-server', 'ferretdb'];
  const failures: string[] = [];
  for (const kind of order) {
    try {
      const db =
        kind === 'mongodb-memory-server'
          ? await startMongoMemoryServer(join(options.dataDir, 'mongodb'))
          : await startFerretDb(join(options.dataDir, 'ferretdb'), log);
      log(`embedded database: ${kind} at ${db.url}`);
      return db;
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
      failures.push(`${kind}: ${reason}`);
      log(`embedded database: ${kind} unavailable (${reason})`);
    }
  }
  throw new Error(
    `No database: MONGO_URL is not set and no embedded database could start (${failures.join('; ')}). ` +
      'Fix: set MONGO_URL to a running MongoDB, or install Go (https://go.dev/dl) so tools/ferretdb can run, or allow mongodb-memory-server to download mongod.',
  );
}

async function startMongoMemoryServer(dbPath: string): Promise<EmbeddedDatabase> {
  mkdirSync(dbPath, { recursive: true });
  const { DryMongoBinary, MongoMemoryServer } = await import('mongodb-memory-server');
  const cached = await DryMongoBinary.locateBinary(await DryMongoBinary.generateOptions());
  if (!cached) await assertDownloadReachable();
  const server = await MongoMemoryServer.create({
    instance: { dbPath, storageEngine: 'wiredTiger', ip: '127.0.0.1' },
  });
  return {
    kind: 'mongodb-memory-server',
    url: server.getUri(),
    stop: async () => {
      await server.stop({ doCleanup: false });
    },
  };
}

/**
 * Without a cached mongod, mongodb-memory-server downloads one; on a machine that cannot
 * reach the download host it would retry and print pages of stack traces before failing,
 * so the host is looked up first and the attempt skipped with one line.
 */
async function assertDownloadReachable(): Promise<void> {
  const mirror = process.env.MONGOMS_DOWNLOAD_URL ?? process.env.MONGOMS_DOWNLOAD_MIRROR;
  const host = mirror ? new URL(mirror).hostname : 'fastdl.mongodb.org';
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('timed out')), DNS_TIMEOUT_MS).unref(),
  );
  try {
    await Promise.race([lookup(host), timeout]);
  } catch {
    throw new Error(`no mongod binary here and ${host} cannot be reached to download one`);
  }
}

/** The repository root: where go.work and tools/ferretdb live. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(start);
  while (!existsSync(join(dir, 'tools', 'ferretdb', 'main.go'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`tools/ferretdb not found above ${start}`);
    dir = parent;
  }
  return dir;
}

/**
 * Builds tools/ferretdb when its binary is missing or older than its sources, and
 * returns the binary's path. The build goes to a temporary name and is renamed,
 * so a running server is never overwritten.
 */
export async function buildFerretDb(repoRoot = findRepoRoot()): Promise<string> {
  const toolDir = join(repoRoot, 'tools', 'ferretdb');
  const binary = join(toolDir, 'ferretdb');
  const newestSource = Math.max(
    ...['main.go', 'go.mod', 'go.sum'].map((f) => statSync(join(toolDir, f)).mtimeMs),
  );
  if (existsSync(binary) && statSync(binary).mtimeMs >= newestSource) return binary;
  const temporary = `${binary}.${process.pid}.tmp`;
  await promisify(execFile)('go', ['build', '-o', temporary, '.'], {
    cwd: toolDir,
    timeout: READY_TIMEOUT_MS,
  }).catch((err: NodeJS.ErrnoException & { stderr?: string }) => {
    throw new Error(
      err.code === 'ENOENT'
        ? 'Go is not installed'
        : `go build failed: ${err.stderr ?? err.message}`,
    );
  });
  renameSync(temporary, binary);
  return binary;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function startFerretDb(
  dir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const binary = await buildFerretDb();
  const port = await freePort();
  // At warn, FerretDB logs every refused command (e.g. mongoose's 'collection exists').
  const child = spawn(
    binary,
    ['-listen', `127.0.0.1:${port}`, '-dir', dir, '-log-level', 'error'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk: Buffer) => log(`ferretdb: ${chunk.toString().trim()}`));
  await waitForReady(child);
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  return {
    kind: 'ferretdb',
    url: `mongodb://127.0.0.1:${port}/`,
    stop: async () => {
      process.off('exit', stopOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('ferretdb did not start in time'));
    }, READY_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ferretdb exited with code ${code}`));
    });
    if (!child.stdout) return;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('ferretdb listening on')) {
        clearTimeout(timer);
        resolveReady();
      }
    });
  });
}
