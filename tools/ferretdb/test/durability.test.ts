import { rmSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, test } from 'vitest';
import { type Server, startServer } from './server.js';

/**
 * What an acknowledged write promises, as on MongoDB with its defaults: it survives a crash of
 * the database's process. The WAL with synchronous=NORMAL (main.go) writes each commit to the WAL
 * file before answering; README.md, "Durability", says what a crash of the machine may lose.
 */
let servers: Server[] = [];
let clients: MongoClient[] = [];

afterEach(async () => {
  for (const client of clients) await client.close(true).catch(() => {});
  for (const server of servers) {
    await server.kill().catch(() => {});
    rmSync(server.dir, { recursive: true, force: true });
  }
  servers = [];
  clients = [];
});

async function connect(server: Server) {
  servers.push(server);
  const client = await new MongoClient(server.url).connect();
  clients.push(client);
  return client.db('durability');
}

describe('an acknowledged write', () => {
  test('when the process is killed right after its writes were acknowledged, then a restart reads every one', async () => {
    const first = await startServer();
    const db = await connect(first);
    const orders = db.collection<{ _id: string; total: number }>('orders');
    const counters = db.collection<{ _id: string; value: number }>('counters');
    for (let i = 0; i < 200; i += 1) {
      await orders.insertOne({ _id: `order-${i}`, total: i });
      await counters.updateOne({ _id: 'placed' }, { $inc: { value: 1 } }, { upsert: true });
    }
    await orders.deleteOne({ _id: 'order-7' });
    await orders.updateOne({ _id: 'order-8' }, { $set: { total: 800 } });
    await first.kill();

    const again = await connect(await startServer({ dir: first.dir }));
    expect(await again.collection('orders').countDocuments()).toBe(199);
    expect(await again.collection('orders').findOne({ _id: 'order-7' as never })).toBeNull();
    expect(await again.collection('orders').findOne({ _id: 'order-8' as never })).toEqual({
      _id: 'order-8',
      total: 800,
    });
    expect(await again.collection('counters').findOne({ _id: 'placed' as never })).toEqual({
      _id: 'placed',
      value: 200,
    });
  });
});
