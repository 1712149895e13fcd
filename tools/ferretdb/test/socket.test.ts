import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, test } from 'vitest';
import { BINARY, type Server, socketPathIn, startServer } from './server.js';

/**
 * `-listen-unix`: the shop's API talks to its embedded database over a Unix socket (a command
 * costs less there than over TCP on loopback). A killed server leaves its socket file behind;
 * the next server on that path must listen there all the same, as the supervisor restarts it.
 */
const running: Server[] = [];
const clients: MongoClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

async function connect(url: string | undefined) {
  if (!url) throw new Error('no URL');
  const client = await new MongoClient(url, { serverSelectionTimeoutMS: 5_000 }).connect();
  clients.push(client);
  return client.db('socket');
}

describe('a server with a Unix socket', () => {
  test('when a document is written on the socket, then it is read back there and on the port', async () => {
    const server = await startServer({ socket: true });
    running.push(server);
    expect(server.socketUrl).toMatch(/^mongodb:\/\/%2F.*ferretdb\.sock\/$/);

    await (await connect(server.socketUrl))
      .collection('notes')
      .insertOne({ _id: 1, text: 'hi' } as never);

    expect(
      await (await connect(server.socketUrl)).collection('notes').findOne({ _id: 1 } as never),
    ).toEqual({ _id: 1, text: 'hi' });
    expect(
      await (await connect(server.url)).collection('notes').findOne({ _id: 1 } as never),
    ).toEqual({ _id: 1, text: 'hi' });
  });

  test('when it is killed, then its socket file stays, and a server started again on that path listens there', async () => {
    const first = await startServer({ socket: true });
    await (await connect(first.socketUrl))
      .collection('notes')
      .insertOne({ _id: 1, text: 'kept' } as never);
    await Promise.all(clients.splice(0).map((client) => client.close()));

    await first.kill();
    expect(existsSync(socketPathIn(first.dir))).toBe(true);

    const second = await startServer({ dir: first.dir, socket: true });
    running.push(second);
    expect(
      await (await connect(second.socketUrl)).collection('notes').findOne({ _id: 1 } as never),
    ).toEqual({ _id: 1, text: 'kept' });
  });

  test('when a file that is not a socket is at the path, then the server refuses to start and leaves the file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ferretdb-test-'));
    try {
      writeFileSync(socketPathIn(folder), 'not a socket');
      const child = spawn(
        BINARY,
        [
          '-listen',
          '127.0.0.1:0',
          '-dir',
          join(folder, 'data'),
          '-listen-unix',
          socketPathIn(folder),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const [code] = await once(child, 'exit');

      expect(code).toBe(1);
      expect(stderr).toContain('a file that is not a socket is there');
      expect(readFileSync(socketPathIn(folder), 'utf8')).toBe('not a socket');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
