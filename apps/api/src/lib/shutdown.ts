import type { Server } from 'node:http';
import type { Logger } from './logger.js';

/** Work to do once no request runs any more, before the database closes (e.g. releasing locks). */
export interface ShutdownHook {
  name: string;
  run(): Promise<unknown> | unknown;
}

export interface ShutdownOptions {
  server: Server;
  /** How long requests in flight may take to finish before their connections are cut. */
  timeoutMs: number;
  hooks: readonly ShutdownHook[];
  closeDatabase(): Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

const IDLE_SWEEP_MS = 100;

/**
 * Stops in order: no new connections, the requests in flight finish (or are cut after
 * `timeoutMs`), each hook runs (a failing one is logged, the others still run), then the
 * database closes. Calling it again returns the same shutdown.
 */
export function gracefulShutdown(options: ShutdownOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= shutDown(options);
    return running;
  };
}

async function shutDown({ server, timeoutMs, hooks, closeDatabase, logger }: ShutdownOptions) {
  logger.info('shutting down: no new connections; finishing requests in flight');
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections between requests would hold close() open: drop them as they idle.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), timeoutMs);
  });
  const cut = await Promise.race([drained.then(() => false), timedOut]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (cut) {
    logger.warn(`shutting down: requests still running after ${timeoutMs} ms were cut`);
    server.closeAllConnections();
  } else {
    logger.info('shutting down: requests in flight finished');
  }
  for (const hook of hooks) {
    try {
      await hook.run();
      logger.info(`shutting down: ${hook.name} done`);
    } catch (err) {
      logger.error({ err }, `shutting down: ${hook.name} failed`);
    }
  }
  await closeDatabase();
  logger.info('shutting down: database closed');
}
