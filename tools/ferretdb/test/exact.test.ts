import {
  type Collection,
  type Document,
  Double,
  Int32,
  Long,
  MongoClient,
  ObjectId,
} from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Server, startServer } from './server.js';

/**
 * What the backend answers in SQL (build/_overlay/sqlite/exact.go: equalities, sorts, skip,
 * limit and counts, `$or`s of equalities) must be what FerretDB's own in-memory filter and sort answer. Wrapping a
 * filter in `$and` keeps a query off that path (only top-level equalities are pushed down),
 * so each query is checked against the same query answered the unpatched way.
 */
let server: Server;
let client: MongoClient;
let collections = 0;

beforeAll(async () => {
  server = await startServer();
  client = await new MongoClient(server.url).connect();
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

const DAY = 86_400_000;
const STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'];

/** A collection with the orders' indexes and `count` orders, of `ties` distinct dates. */
async function ordersLike(count: number, ties = count, extra: Document[] = []) {
  collections += 1;
  const orders = client.db('exact').collection(`orders${collections}`);
  await orders.createIndex({ createdAt: -1, _id: -1 });
  await orders.createIndex({ status: 1, createdAt: -1, _id: -1 });
  await orders.createIndex({ buyer: 1, createdAt: -1 });
  await orders.createIndex({ number: 1 }, { unique: true, sparse: true });
  const buyers = [new ObjectId(), new ObjectId(), new ObjectId()];
  const docs: Document[] = Array.from({ length: count }, (_, i) => ({
    number: 1001 + i,
    status: STATUSES[i % STATUSES.length],
    buyer: buyers[i % buyers.length],
    createdAt: new Date(Date.UTC(2026, 0, 1) + (i % ties) * DAY),
  }));
  await orders.insertMany([...docs, ...extra]);
  return { orders, buyers };
}

/** The query's answer, and the same query answered by FerretDB's in-memory path. */
async function bothWays(orders: Collection, filter: Document, sort: Document, skip = 0, limit = 0) {
  const run = (f: Document) => orders.find(f).sort(sort).skip(skip).limit(limit).toArray();
  const [pushed, inMemory, pushedCount, inMemoryCount] = await Promise.all([
    run(filter),
    run({ $and: [filter] }),
    orders.countDocuments(filter),
    orders.countDocuments({ $and: [filter] }),
  ]);
  return { pushed, inMemory, pushedCount, inMemoryCount };
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 };

/**
 * Every filter, in every sort, at every [skip, limit]: the page and the count pushed down to SQL
 * are FerretDB's in-memory ones.
 */
async function expectAnswersAlike(
  orders: Collection,
  filters: Document[],
  pages: readonly (readonly [number, number])[],
  sorts: Document[] = [NEWEST_FIRST],
) {
  for (const filter of filters) {
    for (const sort of sorts) {
      for (const [skip, limit] of pages) {
        const r = await bothWays(orders, filter, sort, skip, limit);
        expect(r.pushed).toEqual(r.inMemory);
        expect(r.pushedCount).toBe(r.inMemoryCount);
      }
    }
  }
}

describe('equalities, a sort, skip and limit answered in SQL', () => {
  test('when All Orders pages newest first, with and without a status, then each page and count is the in-memory one', async () => {
    const { orders, buyers } = await ordersLike(300);
    const filters = [
      {},
      { status: 'Shipped' },
      { buyer: buyers[1] },
      { status: { $in: ['cancel', 'Shipped'] } },
    ];
    await expectAnswersAlike(orders, filters, [
      [0, 20],
      [40, 20],
      [290, 20],
      [0, 0],
      [5, 0],
    ]);
    expect((await bothWays(orders, {}, NEWEST_FIRST)).pushedCount).toBe(300);
    expect((await bothWays(orders, { status: 'Shipped' }, NEWEST_FIRST)).pushedCount).toBe(60);
  });

  test('when nothing matches, then the page is empty and the count 0', async () => {
    const { orders } = await ordersLike(20);
    const r = await bothWays(orders, { status: 'nope' }, NEWEST_FIRST, 0, 20);
    expect(r.pushed).toEqual([]);
    expect(r.pushedCount).toBe(0);
    expect(r.inMemoryCount).toBe(0);
  });

  test('when dates tie, then the pages together hold every document once, newest first', async () => {
    const { orders } = await ordersLike(100, 7);
    const pages = [];
    for (let skip = 0; skip < 100; skip += 15) {
      pages.push(...(await orders.find({}).sort({ createdAt: -1 }).skip(skip).limit(15).toArray()));
    }
    expect(new Set(pages.map((o) => String(o._id))).size).toBe(100);
    const times = pages.map((o) => (o.createdAt as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('when fields are missing, null, strings, ObjectIds and dates, then they sort and match in BSON order', async () => {
    const mixed = [
      { status: null, createdAt: null },
      { createdAt: 'a string' },
      { status: 'Shipped', createdAt: new ObjectId() },
      { status: 'Shipped' },
      { status: 'Shipped', createdAt: new Date(0) },
      { status: 'Shipped', createdAt: 'Z' },
      { status: 'Shipped', createdAt: '' },
    ];
    const { orders } = await ordersLike(10, 3, mixed);
    await expectAnswersAlike(
      orders,
      [{}, { status: 'Shipped' }, { status: null }],
      [
        [0, 0],
        [2, 5],
      ],
      [NEWEST_FIRST, { createdAt: 1, _id: 1 }, { status: 1, createdAt: -1, _id: 1 }],
    );
  });

  test('when a field holds arrays, numbers or dates before 1970, then the answers stay the in-memory ones', async () => {
    const odd = [
      { status: ['Shipped', 'cancel'], createdAt: new Date(DAY) },
      { status: 'Shipped', createdAt: [new Date(5 * DAY), new Date(2 * DAY)] },
      { status: 'Shipped', createdAt: 42 },
      { status: 'Shipped', createdAt: new Date(-DAY) },
    ];
    const { orders } = await ordersLike(30, 30, odd);
    await expectAnswersAlike(
      orders,
      [{}, { status: 'Shipped' }, { status: 'cancel' }],
      [
        [0, 0],
        [3, 4],
      ],
    );
    // The array matches `status: 'cancel'` by its element, as on MongoDB.
    expect((await bothWays(orders, { status: 'cancel' }, NEWEST_FIRST)).pushedCount).toBe(7);
  });

  test('when an index is dropped, then its queries are still answered right', async () => {
    const { orders } = await ordersLike(40);
    await orders.dropIndex('status_1_createdAt_-1__id_-1');
    await orders.dropIndex('createdAt_-1__id_-1');
    const r = await bothWays(orders, { status: 'Shipped' }, NEWEST_FIRST, 2, 3);
    expect(r.pushed).toEqual(r.inMemory);
    expect(r.pushed).toHaveLength(3);
    expect(r.pushedCount).toBe(8);
  });

  test('when a search asks for a number or some buyers, with or without a status, then each page and count is the in-memory one', async () => {
    const { orders, buyers } = await ordersLike(200);
    const filters: Document[] = [
      { $or: [{ number: 1042 }, { buyer: { $in: [buyers[1]] } }] },
      { status: 'Shipped', $or: [{ number: 1042 }, { buyer: { $in: [buyers[1], buyers[2]] } }] },
      { $or: [{ number: 1042 }] },
      { $or: [{ number: 1005 }, { number: new Double(1010) }, { number: Long.fromNumber(1020) }] },
      { $or: [{ _id: new ObjectId() }] },
      {
        $or: [
          { number: 1042, status: 'Shipped' },
          { number: 1043, status: 'Shipped' },
        ],
      },
      { $or: [{ number: 99999 }, { buyer: { $in: [] } }] },
      { number: new Int32(1100) },
      { number: { $in: [1003, new Double(1004), Long.fromNumber(1005), 1.5, 'x'] } },
    ];
    await expectAnswersAlike(orders, filters, [
      [0, 20],
      [20, 20],
      [0, 0],
    ]);
    const byNumber = await bothWays(
      orders,
      { $or: [{ number: 1042 }, { buyer: new ObjectId() }] },
      NEWEST_FIRST,
    );
    expect(byNumber.pushed.map((o) => o.number)).toEqual([1042]);
    const someBuyer = await bothWays(
      orders,
      { $or: [{ number: 1042 }, { buyer: buyers[0] }] },
      NEWEST_FIRST,
    );
    expect(someBuyer.pushedCount).toBe(68);
  });

  test('when numbers are whole and non-negative, of any type, mixed with strings and nulls, then they sort and match in BSON order', async () => {
    const numbers = [
      new Int32(7),
      new Double(7),
      Long.fromNumber(7),
      new Double(0),
      new Double(-0),
      new Int32(0),
      new Int32(12),
      Long.fromNumber(999_999_999_999_999),
      new Double(3e14),
      'seven',
      '',
      null,
      undefined,
    ];
    const { orders } = await ordersLike(
      0,
      1,
      numbers.map((n, i) => ({ n, i, status: i % 2 ? 'a' : 'b' })),
    );
    await orders.createIndex({ n: 1 });
    await expectAnswersAlike(
      orders,
      [
        {},
        { n: 7 },
        { n: new Double(0) },
        { n: null },
        { n: { $in: [12, 'seven', 3e14] } },
        { $or: [{ n: 7 }, { status: 'a' }] },
      ],
      [
        [0, 0],
        [2, 5],
      ],
      [
        { n: 1, i: 1 },
        { n: -1, _id: 1 },
      ],
    );
    expect((await bothWays(orders, { n: 7 }, { _id: 1 })).pushedCount).toBe(3);
  });

  test('when numbers are negative, fractional or too large, then the answers stay the in-memory ones', async () => {
    const odd = [-3, 1.5, 1e16, new Double(2), 2, 'two', null, [2, 3]].map((n, i) => ({ n, i }));
    const { orders } = await ordersLike(0, 1, odd);
    await orders.createIndex({ n: 1 });
    await expectAnswersAlike(
      orders,
      [{}, { n: 2 }, { n: -3 }, { n: { $in: [1.5, 3] } }, { $or: [{ n: 2 }, { n: 'two' }] }],
      [[1, 4]],
      [
        { n: 1, i: 1 },
        { n: -1, i: 1 },
      ],
    );
    expect((await bothWays(orders, { n: 2 }, { i: 1 })).pushedCount).toBe(3);
  });

  test('when documents are looked up by a list of ids, then those of the ids are found, of their type', async () => {
    collections += 1;
    const users = client
      .db('exact')
      .collection<{ _id: ObjectId | string | number; email: string }>(`users${collections}`);
    await users.createIndex({ email: 1 }, { unique: true });
    const ids = Array.from({ length: 30 }, () => new ObjectId());
    const hex = new ObjectId();
    await users.insertMany([
      ...ids.map((_id, i) => ({ _id, email: `${i}@example.com` })),
      { _id: hex.toHexString(), email: 'string@example.com' },
      { _id: 7, email: 'number@example.com' },
    ]);
    for (const filter of [
      { _id: { $in: [ids[3], ids[7], new ObjectId(), ids[3]] } },
      { _id: { $in: [hex, hex.toHexString()] } },
      { _id: { $in: [hex] } },
      { _id: { $in: [] } },
      { _id: { $in: [7, ids[0]] } },
      { _id: ids[5], email: '5@example.com' },
      { $or: [{ _id: ids[1] }, { _id: ids[2] }] },
    ]) {
      const r = await bothWays(users as unknown as Collection, filter, {});
      expect(r.pushed.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
        r.inMemory.sort((a, b) => a.email.localeCompare(b.email)),
      );
      expect(r.pushedCount).toBe(r.inMemoryCount);
    }
    const wanted = [ids[3], ids[7], hex.toHexString()].filter((id) => id !== undefined);
    const found = await users.find({ _id: { $in: wanted } }).toArray();
    expect(found.map((u) => u.email).sort()).toEqual([
      '3@example.com',
      '7@example.com',
      'string@example.com',
    ]);
  });
});
