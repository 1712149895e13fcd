import mongoose from 'mongoose';

const { ObjectId } = mongoose.Types;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.js';
import { insertCast, insertManyCast } from './cast-insert.js';
import { isDuplicateKeyError } from './errors.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A schema with what the checkouts' and orders' have: ids, dates, defaults, nested lists. */
const ThingModel = mongoose.model(
  'cast_insert_things',
  new mongoose.Schema(
    {
      ownerId: { type: mongoose.Schema.Types.ObjectId, required: true },
      dueAt: { type: Date, required: true },
      lines: [
        new mongoose.Schema(
          {
            productId: mongoose.Schema.Types.ObjectId,
            quantity: Number,
            gift: { type: Boolean, default: false },
            options: [new mongoose.Schema({ name: String, at: Date }, { _id: false })],
          },
          { _id: false },
        ),
      ],
      events: [new mongoose.Schema({ kind: String, at: Date })],
      priced: new mongoose.Schema(
        {
          total: Number,
          lines: [new mongoose.Schema({ amount: Number, at: Date }, { _id: false })],
        },
        { _id: false },
      ),
      note: { type: String, default: null },
      status: { type: String, default: 'open' },
      slot: { type: String, unique: true },
    },
    { timestamps: true },
  ),
);

const thing = (slot: string) => ({
  _id: new mongoose.Types.ObjectId().toString(),
  ownerId: new mongoose.Types.ObjectId().toString(),
  dueAt: '2030-01-02T03:04:05.000Z',
  lines: [
    {
      productId: new mongoose.Types.ObjectId().toString(),
      quantity: '2',
      options: [{ name: 7, at: '2030-01-02T00:00:00.000Z' }],
    },
    { productId: new mongoose.Types.ObjectId().toString(), quantity: 1, gift: 'true' },
  ],
  events: [{ kind: 'made', at: '2030-01-01T00:00:00.000Z' }],
  priced: { total: '5', lines: [{ amount: '3', at: '2030-01-03T00:00:00.000Z' }] },
  slot,
});

/** What `thing` is stored as, cast: its ids, numbers, booleans and dates of their types. */
const castThing = (given: ReturnType<typeof thing>) => ({
  _id: new mongoose.Types.ObjectId(given._id),
  ownerId: new mongoose.Types.ObjectId(given.ownerId),
  lines: [
    {
      productId: new mongoose.Types.ObjectId(given.lines[0]?.productId),
      quantity: 2,
      gift: false,
      options: [{ name: '7', at: new Date('2030-01-02T00:00:00.000Z') }],
    },
    {
      productId: new mongoose.Types.ObjectId(given.lines[1]?.productId),
      quantity: 1,
      gift: true,
      options: [],
    },
  ],
  priced: { total: 5, lines: [{ amount: 3, at: new Date('2030-01-03T00:00:00.000Z') }] },
  slot: given.slot,
});

/** The document as the database holds it, its timestamps apart. */
async function storedWithoutTimes(id: string) {
  const raw = await ThingModel.collection.findOne({ _id: new mongoose.Types.ObjectId(id) });
  if (!raw) throw new Error(`${id} was not stored`);
  const { createdAt, updatedAt, ...rest } = raw;
  expect(createdAt).toBeInstanceOf(Date);
  expect(updatedAt).toEqual(createdAt);
  return rest;
}

describe('insertCast', () => {
  it('when a document is inserted cast, then it is stored as create stores it', async () => {
    const created = thing(`created ${Date.now()}`);
    const cast = thing(`cast ${Date.now()}`);
    await ThingModel.create(created);
    const answered = await insertCast<{ _id: mongoose.Types.ObjectId }>(ThingModel, cast);

    expect(answered._id).toEqual(new mongoose.Types.ObjectId(cast._id));
    const viaCreate = await storedWithoutTimes(created._id);
    const viaCast = await storedWithoutTimes(cast._id);
    const { events: createdEvents, ...createdRest } = viaCreate;
    const { events: castEvents, ...castRest } = viaCast;
    expect(createdRest).toEqual({ ...createdRest, ...castThing(created) });
    expect(castRest).toEqual({ ...createdRest, ...castThing(cast) });
    expect(viaCast).toMatchObject({ note: null, status: 'open', __v: 0 });
    // A subdocument's own `_id` is made as create makes it: a new ObjectId each.
    for (const events of [createdEvents, castEvents]) {
      expect(events).toEqual([
        { kind: 'made', at: new Date('2030-01-01T00:00:00.000Z'), _id: expect.any(ObjectId) },
      ]);
    }
  });

  it('when many are inserted cast, then each is stored as insertMany stores it', async () => {
    const many = [thing(`many a ${Date.now()}`), thing(`many b ${Date.now()}`)];
    const viaModel = [thing(`model a ${Date.now()}`), thing(`model b ${Date.now()}`)];
    await ThingModel.insertMany(viaModel);
    await insertManyCast(ThingModel, many);

    const stored = await Promise.all(
      [...viaModel, ...many].map((one) => storedWithoutTimes(one._id)),
    );
    const expected = [...viaModel, ...many].map(castThing);
    for (const [i, one] of stored.entries()) {
      const { events, ...rest } = one;
      expect(rest).toEqual({ ...rest, ...expected[i], note: null, status: 'open', __v: 0 });
      expect(events).toHaveLength(1);
    }
  });

  it('when one of many has a taken key, then those before it are stored and none after', async () => {
    const slot = `many taken ${Date.now()}`;
    await insertCast(ThingModel, thing(slot));
    const [first, clash, after] = [thing(`${slot} first`), thing(slot), thing(`${slot} after`)];
    const refused = await insertManyCast(ThingModel, [first, clash, after]).catch(
      (err: unknown) => err,
    );
    expect(isDuplicateKeyError(refused)).toBe(true);
    expect(await ThingModel.exists({ _id: first._id })).not.toBeNull();
    expect(await ThingModel.exists({ _id: clash._id })).toBeNull();
    expect(await ThingModel.exists({ _id: after._id })).toBeNull();
  });

  it('when a unique key is taken, then it rejects with a duplicate-key error and stores nothing', async () => {
    const slot = `taken ${Date.now()}`;
    await insertCast(ThingModel, thing(slot));
    const second = thing(slot);
    const refused = await insertCast(ThingModel, second).catch((err: unknown) => err);
    expect(isDuplicateKeyError(refused)).toBe(true);
    expect(await ThingModel.exists({ _id: second._id })).toBeNull();
  });

  it('when a value cannot be cast, then it rejects and stores nothing', async () => {
    const bad = { ...thing(`bad ${Date.now()}`), dueAt: 'not a date' };
    await expect(insertCast(ThingModel, bad)).rejects.toThrow(/dueAt/);
    expect(await ThingModel.exists({ _id: bad._id })).toBeNull();
  });

  it('when a value inside a line cannot be cast, then it rejects and stores nothing', async () => {
    const given = thing(`bad line ${Date.now()}`);
    const bad = { ...given, lines: [given.lines[0], { ...given.lines[1], quantity: 'two' }] };
    await expect(insertCast(ThingModel, bad)).rejects.toThrow(/quantity/);
    const badPriced = { ...given, priced: { total: 5, lines: [{ amount: 'three' }] } };
    await expect(insertCast(ThingModel, badPriced)).rejects.toThrow(/amount/);
    expect(await ThingModel.exists({ _id: bad._id })).toBeNull();
  });
});
