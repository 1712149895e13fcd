import type { Schema } from 'mongoose';

/** What is used of a model, so that any model fits whatever its document's type. */
interface CastingModel {
  schema: Schema;
  castObject(document: object): object;
  applyDefaults(document: object): object;
  collection: { insertOne(document: object): Promise<unknown> };
}

/**
 * Inserts `document` as `model.create` would store it (cast to the schema, with its defaults,
 * its timestamps and its version key) without making a Mongoose document of it first: on the
 * checkout's path, hydrating, validating and saving a checkout or an order cost about 4 times
 * the cast alone (docs/features/cart-and-checkout.md, "Where the time goes"). The schema's
 * validators (`required`, `enum`, `min`) are not run: the document is a repository's mapping of
 * a typed domain value, and the cast still refuses a value of the wrong type. Resolves to the
 * document as stored; a duplicate key rejects as `create` does.
 */
export async function insertCast<Stored extends object>(
  model: CastingModel,
  document: object,
): Promise<Stored> {
  const now = new Date();
  const { schema } = model;
  const versionKey = schema.get('versionKey');
  const stored = {
    ...(typeof versionKey === 'string' ? { [versionKey]: 0 } : {}),
    ...(schema.get('timestamps') ? { createdAt: now, updatedAt: now } : {}),
    ...model.applyDefaults(model.castObject(document)),
  } as Stored;
  await model.collection.insertOne(stored);
  return stored;
}
