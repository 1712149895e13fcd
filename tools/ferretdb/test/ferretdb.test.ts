import {
  type Collection,
  type Db,
  type Document,
  Double,
  Long,
  MongoClient,
  ObjectId,
} from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Server, startServer } from './server.js';

/**
 * What our edits (build/edits.go) promise, checked against the built binary: `_id` lookups are
 * answered from an index as soon as a collection exists, and a single-document write with any
 * filter is atomic, as on MongoDB. Unpatched FerretDB v1.24 scanned every document and let 200
 * guarded decrements of 50 units all succeed.
 */
let server: Server;
/** 200 clients: a pool as large as the crowd, so every write has a connection of its own. */
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  server = await startServer();
  client = await new MongoClient(server.url, { maxPoolSize: 200 }).connect();
  db = client.db('edits');
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

const CLIENTS = 200;
const UNITS = 50;
let collections = 0;

/** A new collection holding one item with 50 units. */
async function stockOf50(): Promise<Collection<{ _id: string; quantity: number }>> {
  collections += 1;
  const stock = db.collection<{ _id: string; quantity: number }>(`stock${collections}`);
  await stock.insertOne({ _id: 'item', quantity: UNITS });
  return stock;
}

const inParallel = <T>(work: () => Promise<T>) =>
  Promise.all(Array.from({ length: CLIENTS }, work));

const remaining = async (stock: Collection<{ _id: string; quantity: number }>) =>
  (await stock.findOne({ _id: 'item' }))?.quantity;

/** SQLite's plan, which FerretDB passes on in explain's queryPlanner. */
const planOf = async (explained: Promise<unknown>) => JSON.stringify(await explained);

describe('the _id index', () => {
  test('when a collection has just been created, then a lookup by _id uses its index', async () => {
    const fresh = db.collection<{ _id: string }>('fresh');
    await fresh.insertOne({ _id: 'a' });
    const plan = await planOf(fresh.find({ _id: 'a' }).explain());
    expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+__id_ /);
    expect(plan).not.toMatch(/SCAN /);
  });

  test('when the filter has conditions besides _id, then the index still narrows the read', async () => {
    const stock = await stockOf50();
    const plan = await planOf(stock.find({ _id: 'item', quantity: { $gte: 2 } }).explain());
    expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+__id_ /);
    expect(plan).toMatch(/"filterPushdown":true/);
  });

  test('when the filter has an _id $in besides other conditions, then the index narrows the read', async () => {
    const some = db.collection<{ _id: string; n: number }>('some');
    await some.insertMany(Array.from({ length: 20 }, (_, n) => ({ _id: `d${n}`, n })));
    const plan = await planOf(some.find({ _id: { $in: ['d1', 'd2'] }, n: { $gte: 2 } }).explain());
    expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+__id_ /);
    expect(plan).toMatch(/"filterPushdown":true/);
  });

  test('when the filter has an _id $in besides other conditions, then it still applies them, in reads and writes', async () => {
    const some = db.collection<{ _id: string; n: number; seen?: boolean }>('some-in');
    await some.insertMany(Array.from({ length: 20 }, (_, n) => ({ _id: `d${n}`, n })));
    const ids = ['d1', 'd2', 'd3', 'missing'];
    const found = await some.find({ _id: { $in: ids }, n: { $gte: 2 } }).toArray();
    expect(found.map((d) => d._id).sort()).toEqual(['d2', 'd3']);
    const { modifiedCount } = await some.updateMany(
      { _id: { $in: ids }, n: { $lt: 3 } },
      { $set: { seen: true } },
    );
    expect(modifiedCount).toBe(2);
    expect((await some.find({ seen: true }).toArray()).map((d) => d._id).sort()).toEqual([
      'd1',
      'd2',
    ]);
    const { deletedCount } = await some.deleteMany({ _id: { $in: ids }, seen: true });
    expect(deletedCount).toBe(2);
    expect(await some.countDocuments()).toBe(18);
  });

  test('when the filter has conditions besides _id, then it still applies them', async () => {
    const stock = await stockOf50();
    expect(await stock.findOne({ _id: 'item', quantity: { $gte: 51 } })).toBeNull();
    expect(await stock.findOne({ _id: 'item', quantity: { $gte: 50 } })).toMatchObject({
      quantity: 50,
    });
  });
});

describe('a guarded single-document write', () => {
  test('when 200 clients decrement 50 units with updateOne, then exactly 50 succeed and 0 are left', async () => {
    const stock = await stockOf50();
    const results = await inParallel(() =>
      stock.updateOne({ _id: 'item', quantity: { $gte: 1 } }, { $inc: { quantity: -1 } }),
    );
    expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(UNITS);
    expect(await remaining(stock)).toBe(0);
  });

  test('when 200 clients take 1 unit with findOneAndUpdate, then 50 get the item and 0 are left', async () => {
    const stock = await stockOf50();
    const results = await inParallel(() =>
      stock.findOneAndUpdate({ _id: 'item', quantity: { $gte: 1 } }, { $inc: { quantity: -1 } }),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(UNITS);
    expect(await remaining(stock)).toBe(0);
  });

  test('when 200 clients replace the version they read, then each version is replaced once', async () => {
    const stock = await stockOf50();
    // Compare-and-set: every client tries to move the count from 50 to its own number.
    const results = await inParallel(() =>
      stock.replaceOne({ _id: 'item', quantity: UNITS }, { quantity: UNITS + 1 }),
    );
    expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(1);
    expect(await remaining(stock)).toBe(UNITS + 1);
  });

  test('when 200 clients delete the same guarded document, then one of them deletes it', async () => {
    const stock = await stockOf50();
    const results = await inParallel(() => stock.deleteOne({ _id: 'item', quantity: UNITS }));
    expect(results.filter((r) => r.deletedCount === 1)).toHaveLength(1);
    expect(await stock.countDocuments()).toBe(0);
  });

  test('when 200 clients upsert one missing document, then it is inserted once', async () => {
    collections += 1;
    const counters = db.collection<{ _id: string; n: number }>(`counters${collections}`);
    const results = await inParallel(() =>
      counters.updateOne({ _id: 'orders', n: { $gte: 0 } }, { $inc: { n: 1 } }, { upsert: true }),
    );
    // Every client counted once, whether it inserted the document or found it.
    expect(results.every((r) => r.modifiedCount + r.upsertedCount === 1)).toBe(true);
    expect(await counters.countDocuments()).toBe(1);
    expect((await counters.findOne({ _id: 'orders' }))?.n).toBe(CLIENTS);
  });
});

describe("an indexed field's equality", () => {
  type Window = {
    _id: number;
    key: string | string[] | null;
    n: number | bigint;
    expire?: Date | null;
  };
  let named = 0;

  /** A new collection indexed on `key`, with three documents per key of 'a', 'b' and 'c'. */
  async function windows(extra: Omit<Window, '_id'>[] = []) {
    named += 1;
    const collection = db.collection<Window>(`windows${named}`);
    await collection.createIndex({ key: 1 }, { unique: false });
    const now = Date.now();
    const docs: Window[] = ['a', 'b', 'c'].flatMap((key, k) =>
      [0, 1, 2].map((i) => ({
        _id: k * 3 + i,
        key,
        n: i,
        ...(i === 0 ? {} : { expire: i === 1 ? null : new Date(now + (k - 1) * 60_000) }),
      })),
    );
    await collection.insertMany([...docs, ...extra.map((d, i) => ({ _id: 100 + i, ...d }))]);
    return collection;
  }

  const live = () => ({ $or: [{ expire: { $gt: new Date() } }, { expire: null }] });
  /** The same filter in `$and`, which nothing narrows: FerretDB's own in-memory answer. */
  const unnarrowed = <T>(filter: T) => ({ $and: [filter] });
  const ids = (docs: { _id: number }[]) => docs.map((d) => d._id).sort((x, y) => x - y);

  test('when the filter has conditions besides it, then its index narrows the read', async () => {
    const collection = await windows();
    const plan = await planOf(collection.find({ key: 'b', ...live() }).explain());
    expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+_ferretdb_key /);
    expect(plan).not.toMatch(/SCAN /);
  });

  test('when the filter has conditions besides it, then reads and writes answer as without the narrowing', async () => {
    const collection = await windows();
    for (const key of ['a', 'b', 'c', 'missing']) {
      const narrowed = { key: { $in: [key, 'none'] }, n: { $gte: 1 }, ...live() };
      expect(ids(await collection.find(narrowed).toArray())).toEqual(
        ids(await collection.find(unnarrowed(narrowed)).toArray()),
      );
    }
    const taken = await collection.findOneAndUpdate(
      { key: 'c', ...live(), n: { $gte: 2 } },
      { $inc: { n: 10 } },
      { returnDocument: 'after' },
    );
    expect(taken).toMatchObject({ _id: 8, n: 12 });
    expect(
      await collection.findOneAndUpdate({ key: 'a', n: { $gte: 3 } }, { $inc: { n: 1 } }),
    ).toBeNull();
    expect(
      (await collection.updateMany({ key: 'b', n: { $lt: 2 } }, { $set: { n: 5 } })).modifiedCount,
    ).toBe(2);
    expect((await collection.deleteMany({ key: 'b', n: 5 })).deletedCount).toBe(2);
    expect(ids(await collection.find(unnarrowed({ key: 'b' })).toArray())).toEqual([5]);
  });

  test('when null is asked for, then documents without the field match too', async () => {
    const collection = await windows([{ key: null, n: 1 }, { n: 1 } as Omit<Window, '_id'>]);
    const filter = { key: null, n: { $gte: 1 } };
    expect(ids(await collection.find(filter).toArray())).toEqual([100, 101]);
    expect((await collection.updateMany(filter, { $set: { n: 7 } })).modifiedCount).toBe(2);
  });

  test('when numbers of other types are equal, then they match', async () => {
    named += 1;
    const collection = db.collection<{ _id: number; n: unknown; m: number }>(`numbers${named}`);
    await collection.createIndex({ n: 1 });
    await collection.insertMany([
      { _id: 1, n: 3, m: 1 },
      { _id: 2, n: 3.0, m: 1 },
      { _id: 3, n: new Long(3), m: 1 },
      { _id: 4, n: 4, m: 1 },
    ]);
    expect(ids(await collection.find({ n: 3, m: { $gte: 1 } }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await collection.find({ n: new Double(3), m: { $gte: 1 } }).toArray())).toEqual([
      1, 2, 3,
    ]);
  });

  test('when a document holds an array there, then it still matches by its elements', async () => {
    const collection = await windows([{ key: ['x', 'b'], n: 1 }]);
    const filter = { key: 'b', n: { $gte: 1 } };
    expect(ids(await collection.find(filter).toArray())).toEqual([4, 5, 100]);
    expect((await collection.updateMany(filter, { $inc: { n: 1 } })).modifiedCount).toBe(3);
  });

  test('when _id is a number, then reads, updates and deletes by it, alone or among other conditions, find it whatever its numeric type', async () => {
    named += 1;
    const changes = db.collection<{ _id: number | string | Long | Double; n: number }>(
      `changes${named}`,
    );
    await changes.insertMany([
      { _id: 1, n: 1 },
      { _id: new Long(2), n: 2 },
      { _id: new Double(3), n: 3 },
      { _id: -4, n: 4 },
      { _id: 5.5, n: 5 },
      { _id: 'six', n: 6 },
    ]);
    expect(
      (await changes.updateOne({ _id: new Double(1) }, { $inc: { n: 10 } })).modifiedCount,
    ).toBe(1);
    expect(
      (await changes.updateOne({ _id: 2, n: { $gte: 2 } }, { $inc: { n: 10 } })).modifiedCount,
    ).toBe(1);
    expect(
      await changes.findOneAndUpdate({ _id: new Long(3), n: { $lt: 0 } }, { $set: { n: 0 } }),
    ).toBeNull();
    expect((await changes.updateOne({ _id: -4, n: 4 }, { $inc: { n: 10 } })).modifiedCount).toBe(1);
    expect((await changes.updateOne({ _id: 5.5 }, { $inc: { n: 10 } })).modifiedCount).toBe(1);
    const found = await changes
      .find({ _id: { $in: [1, 2, 3, -4, 5.5, 'six', 7] }, n: { $gte: 3 } })
      .toArray();
    expect(found.map((d) => d.n).sort((x, y) => x - y)).toEqual([3, 6, 11, 12, 14, 15]);
    const { deletedCount } = await changes.deleteMany({ _id: { $in: [3, 7, 8] }, n: { $gte: 0 } });
    expect(deletedCount).toBe(1);
    expect(await changes.countDocuments(unnarrowed({}))).toBe(5);
  });

  test('when the field only follows another in its index, then the read is not narrowed and still right', async () => {
    named += 1;
    const collection = db.collection<{ _id: number; a: string; b: string; n: number }>(
      `pairs${named}`,
    );
    await collection.createIndex({ a: 1, b: 1 });
    await collection.insertMany([
      { _id: 1, a: 'x', b: 'y', n: 1 },
      { _id: 2, a: 'z', b: 'y', n: 2 },
    ]);
    const filter = { b: 'y', n: { $gte: 2 } };
    expect(await planOf(collection.find(filter).explain())).toMatch(/SCAN /);
    expect(ids(await collection.find(filter).toArray())).toEqual([2]);
  });
});

describe("a search's `$or`", () => {
  /** A regex of the text taken literally, as the shop's All Orders search makes one. */
  const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** The filter All Orders' search makes of `text` (orders/repository/reads.ts). */
  const search = (text: string, buyers: ObjectId[] = [], number: number | null = null) => {
    const pattern = { $regex: literally(text), $options: 'i' };
    return {
      $or: [
        ...(number === null ? [] : [{ number }]),
        ...(buyers.length > 0 ? [{ buyer: { $in: buyers } }] : []),
        { buyer: null, email: pattern },
        { buyer: null, 'deliveryAddress.name': pattern },
      ],
    };
  };
  const newestFirst = { createdAt: -1, _id: -1 } as const;
  let named = 0;

  /**
   * Orders of two accounts and of guests, whose e-mails and names hold what a case-insensitive
   * search must find, or must not: cases, the two letters Go's case folding takes from outside
   * ASCII (KELVIN SIGN, LONG S), letters outside ASCII, characters JSON escapes, arrays, a stored
   * regex, a number, missing fields.
   */
  async function orders() {
    named += 1;
    const collection = db.collection(`searched${named}`);
    await collection.createIndex({ buyer: 1, createdAt: -1 });
    await collection.createIndex({ number: 1 }, { unique: true, sparse: true });
    const accounts = [new ObjectId(), new ObjectId()];
    const guests: Document[] = [
      { email: 'Ann@Example.com', deliveryAddress: { name: 'Ann Lee' } },
      { email: 'ann+shop@EXAMPLE.COM', deliveryAddress: { name: 'ANN LEE' } },
      { email: 'bob@\u212Aelvin.test', deliveryAddress: { name: 'Bob' } },
      { email: 'chris@x.test', deliveryAddress: { name: 'Chri\u017Ftine Day' } },
      { email: 'zoe@x.test', deliveryAddress: { name: 'Zoë Ärger' } },
      { email: 'obrien@x.test', deliveryAddress: { name: 'Pat O"Brien \\ <a&b>' } },
      { email: ['old@x.test', 'Ann@Example.com'], deliveryAddress: { name: 'Two' } },
      { email: /ann/i, deliveryAddress: { name: 'Stored regex' } },
      { email: /example\.com/i, deliveryAddress: { name: 'Stored regex of an escaped dot' } },
      { email: 1042, deliveryAddress: { name: 'A number' } },
      { deliveryAddress: { name: 'No e-mail, ann' } },
      { email: 'nameless@x.test' },
    ].map((order, i) => ({ ...order, ...(i % 2 === 0 ? { buyer: null } : {}) }));
    const docs = [
      ...Array.from({ length: 30 }, (_, i) => ({
        buyer: accounts[i % 2],
        email: i % 2 ? 'ann@example.com' : 'carl@example.com',
      })),
      ...guests,
    ].map((order, i) => ({
      ...order,
      number: 1001 + i,
      createdAt: new Date(Date.UTC(2026, 0, 1) + (i % 7) * 86_400_000),
    }));
    await collection.insertMany(docs);
    return { collection, accounts };
  }

  const numbers = (docs: Document[]) => docs.map((d) => d.number as number);

  test('when All Orders searches a text, a number or buyers, then each page and count is the in-memory one', async () => {
    const { collection, accounts } = await orders();
    const filters: Document[] = [
      ...[
        'ann',
        'ANN',
        'example.com',
        'Example.COM',
        'kelvin',
        'KELVIN',
        'christine',
        'CHRISTINE',
        'zoë',
        'ärger',
        'o"brien',
        '\\',
        '<a&b>',
        'a&b',
        '#1042',
        '1042',
        'lee',
        ' ',
        'nobody',
      ].map((text) => search(text)),
      search('ann', [accounts[0] as ObjectId], 1035),
      search('example.com', [accounts[1] as ObjectId]),
      search('1033', [], 1033),
      { $or: [{ email: /ann/i }, { number: 1002 }] },
      { $or: [{ email: /ann/ }, { 'deliveryAddress.name': /LEE/ }] },
      { $or: [{ email: { $regex: /ANN/, $options: 'i' } }] },
      { $or: [{ email: { $regex: 'ann', $options: 'ims' } }] },
      { $or: [{ email: { $regex: 'a.n', $options: 'i' } }] },
      { $or: [{ email: { $regex: 'ann' } }, { buyer: null }] },
      { $or: [{ email: { $regex: '\\d' } }] },
      { status: 'x', $or: [{ email: /ann/i }] },
    ];
    for (const filter of filters) {
      for (const [skip, limit] of [
        [0, 20],
        [20, 20],
        [0, 0],
      ] as const) {
        const run = (f: Document) =>
          collection.find(f).sort(newestFirst).skip(skip).limit(limit).toArray();
        const [narrowed, inMemory] = await Promise.all([run(filter), run({ $and: [filter] })]);
        expect(numbers(narrowed), JSON.stringify(filter)).toEqual(numbers(inMemory));
      }
      expect(await collection.countDocuments(filter), JSON.stringify(filter)).toBe(
        await collection.countDocuments({ $and: [filter] }),
      );
    }
    // What the search finds, beside what FerretDB's own path finds.
    expect(numbers(await collection.find(search('kelvin')).toArray())).toEqual([1033]);
    expect(numbers(await collection.find(search('CHRISTINE')).toArray())).toEqual([1034]);
    expect(numbers(await collection.find(search('example.com')).toArray()).sort()).toEqual([
      1031, 1032, 1037, 1039,
    ]);
    expect(numbers(await collection.find(search('ann')).toArray()).sort()).toEqual([
      1031, 1032, 1037, 1038, 1041,
    ]);
  });

  test('when every branch names a key or a literal text, then the read is narrowed in SQL', async () => {
    const { collection, accounts } = await orders();
    const plan = await planOf(
      collection.find(search('ann', [accounts[0] as ObjectId], 1035)).explain(),
    );
    // Each branch through a key index (a guest's by the key of null), none read whole.
    expect(plan).toMatch(/MULTI-INDEX OR/);
    expect(plan).not.toMatch(/SCAN /);
    // A branch that names neither (a pattern, not a text) leaves the whole read to FerretDB.
    const unnarrowed = await planOf(
      collection.find({ $or: [{ email: /a.n/i }, { number: 1002 }] }).explain(),
    );
    expect(unnarrowed).toMatch(/SCAN /);
  });
});
