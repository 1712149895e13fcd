import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.js';
import { insertCast } from './cast-insert.js';
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
          { productId: mongoose.Schema.Types.ObjectId, quantity: Number },
          { _id: false },
        ),
      ],
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
  lines: [{ productId: new mongoose.Types.ObjectId().toString(), quantity: '2' }],
  slot,
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
    expect(viaCast).toEqual({
      ...viaCreate,
      _id: new mongoose.Types.ObjectId(cast._id),
      ownerId: new mongoose.Types.ObjectId(cast.ownerId),
      lines: [{ productId: new mongoose.Types.ObjectId(cast.lines[0]?.productId), quantity: 2 }],
      slot: cast.slot,
    });
    expect(viaCast).toMatchObject({ note: null, status: 'open', __v: 0 });
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
});
