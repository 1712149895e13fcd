import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gracefulShutdown } from './shutdown.js';

/** A server whose one route answers only when the test says so; `order` records what happened. */
async function startSlowServer() {
  const order: string[] = [];
  let answer: () => void = () => {};
  let arrived: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((_req, res) => {
    answer = () => {
      res.end('done');
      order.push('request answered');
    };
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = new Promise<string>((resolveBody, reject) => {
    request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolveBody(body));
    })
      .on('error', reject)
      .end();
  });
  await inFlight;
  return { server, order, answer: () => answer(), response };
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('graceful shutdown', () => {
  it('when a request is in flight, then it is answered before the hooks run and the database closes last', async () => {
    const { server, order, answer, response } = await startSlowServer();
    const shutdown = gracefulShutdown({
      server,
      timeoutMs: 30_000,
      hooks: [
        { name: 'failing hook', run: () => Promise.reject(new Error('lock store gone')) },
        { name: 'release locks', run: () => order.push('locks released') },
      ],
      closeDatabase: async () => {
        order.push('database closed');
      },
      logger: silent,
    });

    const done = shutdown();
    expect(shutdown()).toBe(done);
    expect(server.listening).toBe(false);
    answer();

    expect(await response).toBe('done');
    await done;
    expect(order).toEqual(['request answered', 'locks released', 'database closed']);
  });

  it('when a request outlasts the time limit, then its connection is cut and the shutdown goes on', async () => {
    const { server, order, response } = await startSlowServer();
    const warnings: string[] = [];
    await gracefulShutdown({
      server,
      timeoutMs: 50,
      hooks: [],
      closeDatabase: async () => {
        order.push('database closed');
      },
      logger: { ...silent, warn: (message: string) => warnings.push(message) },
    })();

    await expect(response).rejects.toThrow(/socket hang up/);
    expect(warnings).toEqual(['shutting down: requests still running after 50 ms were cut']);
    expect(order).toEqual(['database closed']);
  });
});
