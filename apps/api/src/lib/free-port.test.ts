import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { freePort } from './free-port.js';

const listenOn = (port: number) =>
  new Promise<() => Promise<void>>((listening, failed) => {
    const server = createServer();
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () =>
      listening(() => new Promise<void>((closed) => server.close(() => closed()))),
    );
  });

describe('freePort', () => {
  test('when asked 40 times, then it answers 40 different ports a server can listen on', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 40; i += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(40);
    const closers = await Promise.all(ports.map(listenOn));
    await Promise.all(closers.map((close) => close()));
  });

  test.runIf(process.platform === 'linux')(
    'when on Linux, then its ports are below the range the system hands to outgoing connections',
    async () => {
      const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(15_000);
      expect(port).toBeLessThan(low as number);
    },
  );
});
