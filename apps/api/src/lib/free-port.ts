import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The first port the system hands out by itself: to a server listening on port 0, and to every
 * outgoing connection. Linux says it in `ip_local_port_range`; elsewhere it is IANA's 49152.
 */
function firstEphemeralPort(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low !== undefined && Number.isInteger(low) && low > LOWEST + 1000) return low;
  } catch {
    // Not Linux: IANA's range.
  }
  return 49_152;
}

/** Below this, ports are often given to services a machine runs. */
const LOWEST = 15_000;
const TRIES = 50;
/** Ports this process already answered: never answered twice. */
const answered = new Set<number>();

const canListen = (port: number) =>
  new Promise<boolean>((answer) => {
    const server = createServer();
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });

/**
 * A loopback port free now, for a server started a moment later (a child process, or one that
 * stops and starts again on the same port). It is picked below the system's own range: a port
 * the system picked (listening on port 0) could be handed to any outgoing connection between
 * this answer and that server's listen, and a fresh-clone CI run lost a test to exactly that
 * (EADDRINUSE). Random in its range, so processes picking at once seldom meet, and never the
 * same port twice in one process.
 */
export async function freePort(): Promise<number> {
  const highest = firstEphemeralPort() - 1;
  for (let tries = 0; tries < TRIES; tries += 1) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (answered.has(port) || !(await canListen(port))) continue;
    answered.add(port);
    return port;
  }
  throw new Error(`no free loopback port between ${LOWEST} and ${highest} after ${TRIES} tries`);
}
