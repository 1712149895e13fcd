import { type Collection, type Db, MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Server, startServer } from './server.js';

/**
 * The driver keeps each connection's prepared statements (build/_overlay/driver/stmt_cache.go):
 * a SQL text used again runs the statement prepared the first time, reset in between, instead of
 * one prepared afresh. What it answers must be what it answered the first time, freshly
 * prepared, whatever came between: other arguments, schema changes, the same text's rows still
 * open on another connection.
 */
let server: Server;
/** A pool large enough that commands sent at once run on connections of their own. */
let client: MongoClient;
let db: Db;
let collections = 0;

beforeAll(async () => {
  server = await startServer();
  client = await new MongoClient(server.url, { maxPoolSize: 100 }).connect();
  db = client.db('statements');
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

const STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'];

interface Order {
  _id: number | string;
  n: number;
  status: string;
  createdAt: Date;
}

const order = (i: number): Order => ({
  _id: i,
  n: i,
  status: STATUSES[i % STATUSES.length] as string,
  createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
});

/**
 * A collection with indexes like the shop's orders (each also an SQLite index on its fields'
 * sort keys, so an update maintains many expression indexes) and 30 orders.
 */
async function ordersIn(database: Db, name = `orders${++collections}`) {
  const orders = database.collection<Order>(name);
  await orders.createIndex({ createdAt: -1, _id: -1 });
  await orders.createIndex({ status: 1, createdAt: -1, _id: -1 });
  await orders.insertMany(Array.from({ length: 30 }, (_, i) => order(i)));
  return orders;
}

/** Reads of each kind FerretDB makes SQL for: by _id, by $in, an exact page, a count, a scan. */
const reads = (orders: Collection<Order>) =>
  Promise.all([
    orders.findOne({ _id: 7 }),
    orders.find({ _id: { $in: [3, 4, 99] } }).toArray(),
    orders.find({ status: 'Shipped' }).sort({ createdAt: -1, _id: -1 }).limit(4).toArray(),
    orders.countDocuments({ status: 'cancel' }),
    orders.find({ n: { $gte: 25, $lt: 30 } }).toArray(),
  ]);

/**
 * Writes of each kind, on a worker's own document: an insert, a guarded update, a find of it
 * and a delete. What they answer does not depend on the other workers, and no read above
 * matches the document.
 */
async function writes(orders: Collection<Order>, worker: number) {
  const _id = `w${worker}`;
  const inserted = await orders.insertOne({ ...order(worker), _id, status: 'new' });
  const updated = await orders.updateOne(
    { _id, n: { $gte: 0 } },
    { $inc: { n: 100 }, $set: { status: 'seen' } },
  );
  const found = await orders.findOne({ _id });
  const deleted = await orders.deleteOne({ _id });
  return [inserted.insertedId, updated.modifiedCount, found, deleted.deletedCount];
}

const WORKERS = 8;

/** Every worker's writes and reads at once, so each text runs on several connections. */
const everything = (orders: Collection<Order>) =>
  Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => [
      await writes(orders, worker),
      await reads(orders),
    ]),
  );

describe('a statement prepared once per connection', () => {
  test('when the same reads and writes run many times, then each answers as the first time', async () => {
    const orders = await ordersIn(db);
    const first = await everything(orders);
    expect(first[0]?.[1]?.[0]).toMatchObject({ _id: 7, n: 7 });
    expect(first[0]?.[0]).toEqual(['w0', 1, { ...order(0), _id: 'w0', n: 100, status: 'seen' }, 1]);
    for (let round = 0; round < 20; round++) {
      expect(await everything(orders)).toEqual(first);
    }
  });

  test('when updates with other arguments run many times, then each lands once', async () => {
    const orders = await ordersIn(db);
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          orders.updateOne({ _id: i }, { $inc: { n: 1 }, $set: { status: STATUSES[round % 5] } }),
        ),
      );
    }
    const all = await orders.find().sort({ _id: 1 }).toArray();
    expect(all.map((o) => o.n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 10));
    expect(await orders.countDocuments({ status: STATUSES[9 % 5] })).toBe(30);
  });

  test('when indexes, the collection and the database are dropped and made again between uses, then the answers stay the first', async () => {
    const database = client.db('statements-schema');
    let orders = await ordersIn(database, 'orders');
    const first = await everything(orders);
    const changes: [string, () => Promise<unknown>][] = [
      ['an index created', () => orders.createIndex({ n: -1, status: 1 })],
      ['an index dropped', () => orders.dropIndex('n_-1_status_1')],
      ['an index of the reads dropped', () => orders.dropIndex('status_1_createdAt_-1__id_-1')],
      [
        'the collection dropped and made again',
        async () => {
          await orders.drop();
          orders = await ordersIn(database, 'orders');
        },
      ],
      [
        'the database dropped and made again',
        async () => {
          await database.dropDatabase();
          orders = await ordersIn(database, 'orders');
        },
      ],
    ];
    for (const [change, make] of changes) {
      await make();
      expect(await everything(orders), change).toEqual(first);
    }
  });

  test("when a find's cursor is open, then the same find runs beside it on other connections and on the same client", async () => {
    const orders = await ordersIn(db);
    const sorted = { createdAt: -1, _id: -1 } as const;
    const expected = await orders
      .find({ status: { $in: STATUSES } })
      .sort(sorted)
      .toArray();
    const single = await new MongoClient(server.url, { maxPoolSize: 1 }).connect();
    try {
      const sameClient = single.db('statements').collection<Order>(orders.collectionName);
      const open = (on: Collection<Order>) =>
        on
          .find({ status: { $in: STATUSES } })
          .sort(sorted)
          .batchSize(2);
      const first = open(sameClient);
      const read = [await first.next(), await first.next()];
      const beside = await Promise.all(
        Array.from({ length: WORKERS }, () => open(orders).toArray()),
      );
      for (const answer of beside) expect(answer).toEqual(expected);
      const second = open(sameClient);
      const readBeside = [];
      for (let doc = await second.next(); doc; doc = await second.next()) {
        readBeside.push(doc);
        const next = await first.next();
        if (next) read.push(next);
      }
      read.push(...(await first.toArray()));
      expect(readBeside).toEqual(expected);
      expect(read).toEqual(expected);
    } finally {
      await single.close();
    }
  });

  test('when 100 clients insert, update and delete in one indexed collection at once, then every write lands once', async () => {
    const orders = await ordersIn(db);
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const _id = `c${i}`;
        await orders.insertOne({ ...order(i), _id, n: 0 });
        let modified = 0;
        for (let k = 0; k < 5; k++) {
          const r = await orders.updateOne(
            { _id },
            { $inc: { n: 1 }, $set: { status: STATUSES[k] } },
          );
          modified += r.modifiedCount;
        }
        if (i % 2 === 0) return modified + (await orders.deleteOne({ _id })).deletedCount;
        return modified;
      }),
    );
    expect(results).toEqual(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 6 : 5)));
    const left = await orders.find({ _id: { $regex: /^c/ } }).toArray();
    expect(left).toHaveLength(50);
    expect(left.every((o) => o.n === 5 && o.status === STATUSES[4])).toBe(true);
    expect(await orders.countDocuments()).toBe(80);
  });
});
