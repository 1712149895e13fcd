import { type ChildProcess, spawn } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { type EventEmitter, once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port.js';

export type EmbeddedKind = 'mongodb-memory-server' | 'ferretdb';

export interface EmbeddedDatabase {
  kind: EmbeddedKind;
  url: string;
  /** The database server's current process id (it changes when the server is restarted). */
  pid(): number | undefined;
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
          ? await startMongoMemoryServer(join(options.dataDir, 'mongodb'), log)
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

async function startMongoMemoryServer(
  dbPath: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  mkdirSync(dbPath, { recursive: true });
  const { DryMongoBinary, MongoMemoryServer } = await import('mongodb-memory-server');
  const cached = await DryMongoBinary.locateBinary(await DryMongoBinary.generateOptions());
  if (!cached) await assertDownloadReachable();
  const server = await MongoMemoryServer.create({
    instance: { dbPath, storageEngine: 'wiredTiger', ip: '127.0.0.1' },
  });
  let stopping = false;
  // A mongod that dies is started again on the same port and folder, as ferretdb is.
  const superviseInstance = () => {
    const instance: EventEmitter | undefined = server.instanceInfo?.instance;
    instance?.once('instanceClosed', async () => {
      if (stopping) return;
      log('embedded database: mongod exited; restarting');
      try {
        await server.stop({ doCleanup: false, force: false });
        await server.start(true);
        log(`embedded database: mongod back at ${server.getUri()}`);
        superviseInstance();
      } catch (err) {
        log(`embedded database: mongod restart failed (${(err as Error).message})`);
      }
    });
  };
  superviseInstance();
  return {
    kind: 'mongodb-memory-server',
    url: server.getUri(),
    pid: () => server.instanceInfo?.instance.mongodProcess?.pid,
    stop: async () => {
      stopping = true;
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

/** Every file the binary is made from: our server, the build program and its edits of FerretDB. */
function ferretDbSources(toolDir: string): string[] {
  const inBuild = readdirSync(join(toolDir, 'build'), { recursive: true, encoding: 'utf8' });
  return [
    ...['main.go', 'go.mod', 'go.sum'].map((file) => join(toolDir, file)),
    ...inBuild.filter((file) => file.endsWith('.go')).map((file) => join(toolDir, 'build', file)),
  ];
}

/**
 * The binary `pnpm build` makes, or, when it is missing or older than its sources, builds it
 * the same way (`go run ./build`: FerretDB with our edits), passing its progress lines to `log`,
 * since a first build on a cold Go cache takes about a minute.
 */
export async function buildFerretDb(
  repoRoot = findRepoRoot(),
  log: (line: string) => void = () => {},
): Promise<string> {
  const toolDir = join(repoRoot, 'tools', 'ferretdb');
  const binary = join(toolDir, 'bin', 'ferretdb');
  const newestSource = Math.max(...ferretDbSources(toolDir).map((f) => statSync(f).mtimeMs));
  if (existsSync(binary) && statSync(binary).mtimeMs >= newestSource) return binary;
  log('embedded database: building tools/ferretdb (pnpm build does this ahead of time)');
  const build = spawn('go', ['run', './build', '-o', binary], {
    cwd: toolDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  createInterface({ input: build.stdout }).on('line', log);
  createInterface({ input: build.stderr }).on('line', (line) => output.push(line));
  const [code] = (await once(build, 'close').catch((err: NodeJS.ErrnoException) => {
    throw new Error(err.code === 'ENOENT' ? 'Go is not installed' : err.message);
  })) as [number | null];
  if (code !== 0) throw new Error(`building tools/ferretdb failed: ${output.join('\n')}`);
  return binary;
}

/** Waits between restarts of a database that died: doubles from the first, up to the last. */
const RESTART_DELAYS_MS = [100, 200, 400, 800, 1_600, 3_200, 5_000];

/** The longest socket path every Unix takes (Linux 107 bytes, macOS and the BSDs 103). */
const LONGEST_SOCKET_PATH = 103;
/** The socket's name in its folder. */
const SOCKET_NAME = 'ferretdb.sock';
/** The socket's folder's name before the 6 characters `mkdtemp` adds. */
const SOCKET_FOLDER_PREFIX = 'shop-ferretdb-';

/**
 * A new folder of this user's (mode 700) in the system's temporary folder, which is local
 * wherever the data is, for ferretdb's socket; or none: on Windows the driver's socket paths
 * are named pipes, and under a temporary folder too deep for a socket's path the port is used
 * alone. A folder of its own per server, so no other server's or user's socket is ever in the way.
 */
export function makeSocketFolder(): string | undefined {
  if (process.platform === 'win32') return undefined;
  const path = join(tmpdir(), `${SOCKET_FOLDER_PREFIX}XXXXXX`, SOCKET_NAME);
  if (Buffer.byteLength(path) > LONGEST_SOCKET_PATH) return undefined;
  return mkdtempSync(join(tmpdir(), SOCKET_FOLDER_PREFIX));
}

/**
 * Cleaners of the temporary folder (systemd-tmpfiles: what nobody touched for 10 days) would
 * take a long-running shop's socket away: its folder and socket are touched every hour, as
 * PostgreSQL touches its own socket in /tmp.
 */
const TOUCH_SOCKET_EVERY_MS = 60 * 60 * 1000;

/** Marks the socket's folder, and the socket in it, as just used. */
export function touchSocketFolder(folder: string): void {
  const now = new Date();
  for (const path of [folder, join(folder, SOCKET_NAME)]) {
    try {
      utimesSync(path, now, now);
    } catch {
      // Not there (yet, or any more): the next start makes it again.
    }
  }
}

/**
 * Runs tools/ferretdb on a fixed port (and Unix socket) and keeps it running: when it dies
 * (crash, OOM kill), it is started again on the same port and folder, so the driver reconnects
 * on its own. The API connects through the socket, which costs each command less than TCP on
 * loopback; the port is for tools such as mongosh.
 */
export async function startFerretDb(
  dir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const binary = await buildFerretDb(findRepoRoot(), log);
  const port = await freePort();
  const socketFolder = makeSocketFolder();
  const socket = socketFolder ? join(socketFolder, SOCKET_NAME) : undefined;
  const launch = () => {
    // Made again if something took it away while the server ran.
    if (socketFolder) mkdirSync(socketFolder, { recursive: true, mode: 0o700 });
    // At warn, FerretDB logs every refused command (e.g. mongoose's 'collection exists').
    const child = spawn(
      binary,
      [
        ...['-listen', `127.0.0.1:${port}`, '-dir', dir, '-log-level', 'error'],
        ...(socket ? ['-listen-unix', socket] : []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr?.on('data', (chunk: Buffer) => log(`ferretdb: ${chunk.toString().trim()}`));
    return child;
  };
  const removeSocketFolder = () => {
    if (socketFolder) rmSync(socketFolder, { recursive: true, force: true });
  };
  let child = launch();
  await waitForReady(child).catch((err: unknown) => {
    removeSocketFolder();
    throw err;
  });
  let stopping = false;
  let failures = 0;
  const supervise = (running: ChildProcess) => {
    running.once('exit', (code, signal) => {
      if (stopping) return;
      const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)];
      log(`embedded database: ferretdb exited (${signal ?? code}); restarting in ${delay} ms`);
      setTimeout(() => {
        if (stopping) return;
        child = launch();
        const started = Date.now();
        waitForReady(child).then(
          () => {
            failures = 0;
            log(`embedded database: ferretdb back on port ${port} in ${Date.now() - started} ms`);
          },
          (err: Error) => {
            failures += 1;
            log(`embedded database: ferretdb restart failed (${err.message})`);
          },
        );
        supervise(child);
      }, delay).unref();
    });
  };
  supervise(child);
  const touching = socketFolder
    ? setInterval(() => touchSocketFolder(socketFolder), TOUCH_SOCKET_EVERY_MS).unref()
    : undefined;
  const stopOnExit = () => {
    child.kill('SIGTERM');
    removeSocketFolder();
  };
  process.once('exit', stopOnExit);
  return {
    kind: 'ferretdb',
    url: socket ? `mongodb://${encodeURIComponent(socket)}/` : `mongodb://127.0.0.1:${port}/`,
    pid: () => child.pid,
    stop: async () => {
      stopping = true;
      clearInterval(touching);
      process.off('exit', stopOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      removeSocketFolder();
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
