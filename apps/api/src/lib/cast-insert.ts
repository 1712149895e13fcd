import type { Schema } from 'mongoose';

/** What is used of a model, so that any model fits whatever its document's type. */
interface CastingModel {
  schema: Schema;
  castObject(document: object): object;
  applyDefaults(document: object): object;
  collection: {
    insertOne(document: object): Promise<unknown>;
    insertMany(documents: object[]): Promise<unknown>;
  };
}

/** A subdocument's constructor, as a document array's schema type names it. */
interface Caster {
  schema: Schema;
}

/** What `castObject` needs of its `this`: a schema. A model is one, a subdocument's caster too. */
type CastObject = (this: Caster, document: object) => object;

/** A schema type as `castDocument` looks at it: a list of subdocuments, or one subdocument. */
interface Nested {
  $isMongooseDocumentArray?: boolean;
  $isSingleNested?: boolean;
  caster?: Caster;
}

/**
 * The document cast to `schema` as `Model.castObject` casts it, but each list of subdocuments
 * cast element by element. `castObject` casts such a list twice: once whole, into a Mongoose
 * array of subdocuments it then throws away, then each element (3 % of the API's CPU at 32
 * shoppers, for the order's and the checkout's lines; docs/features/cart-and-checkout.md, "Where
 * the time goes"). A subdocument (the checkout's priced snapshot holds its lines) is cast by the
 * same means, as `castObject` casts it with its own schema. A value of the wrong type is refused
 * as `castObject` refuses it; one that is not a list or an object is left to `castObject`.
 */
function castDocument(castObject: CastObject, caster: Caster, document: object): object {
  const apart: Record<string, object> = {};
  const rest: Record<string, unknown> = { ...document };
  for (const { path, list, inner } of nestedPathsOf(caster.schema)) {
    const value = rest[path];
    if (typeof value !== 'object' || value === null || Array.isArray(value) !== list) continue;
    apart[path] = list
      ? (value as object[]).map((item) => castDocument(castObject, inner, item))
      : castDocument(castObject, inner, value);
    delete rest[path];
  }
  return { ...castObject.call(caster, rest), ...apart };
}

/** A schema's top-level lists of subdocuments and subdocuments, found once per schema. */
const nestedPaths = new WeakMap<Schema, { path: string; list: boolean; inner: Caster }[]>();

function nestedPathsOf(schema: Schema) {
  let found = nestedPaths.get(schema);
  if (!found) {
    found = Object.entries(schema.paths).flatMap(([path, type]) => {
      const { $isMongooseDocumentArray: list, $isSingleNested: single, caster } = type as Nested;
      return caster && (list || single) ? [{ path, list: Boolean(list), inner: caster }] : [];
    });
    nestedPaths.set(schema, found);
  }
  return found;
}

/** `document` as `model.create` would store it: cast, with its defaults, timestamps and version. */
function castForInsert(model: CastingModel, document: object, now: Date): object {
  const { schema } = model;
  const versionKey = schema.get('versionKey');
  return {
    ...(typeof versionKey === 'string' ? { [versionKey]: 0 } : {}),
    ...(schema.get('timestamps') ? { createdAt: now, updatedAt: now } : {}),
    ...model.applyDefaults(castDocument(model.castObject as CastObject, model, document)),
  };
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
  const stored = castForInsert(model, document, new Date()) as Stored;
  await model.collection.insertOne(stored);
  return stored;
}

/**
 * Inserts `documents` in one command as `model.insertMany` would store them, each cast as
 * `insertCast` casts it; in order, so a duplicate key rejects and the documents after it are
 * not written, as `insertMany` does by default.
 */
export async function insertManyCast(
  model: CastingModel,
  documents: readonly object[],
): Promise<void> {
  const now = new Date();
  await model.collection.insertMany(
    documents.map((document) => castForInsert(model, document, now)),
  );
}
