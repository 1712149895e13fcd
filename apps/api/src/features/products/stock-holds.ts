import { objectIdSchema } from '@shop/contracts';
import { DEFAULT_TAX_CLASS } from '@shop/contracts/tax';
import { writeToCatalogue } from '../../db/catalogue-changes.js';
import { type Minor, minor } from '../../lib/money.js';
import { type ProductDoc, ProductModel } from './model.js';
import { productChange, stockKey } from './product.js';
import { oid } from './repository/documents.js';

/**
 * The products' part of a checkout's reservation (see the checkout feature): units held for a
 * shopper while they pay, the second repository of the products beside repository.ts. Its
 * writes are announced in the catalogue's change log as every product write is, without the
 * writer waiting for its own catalogue to read them back (READ_LATER): the checkout's answers
 * show no stock, and every process's poll shows the new counts within a second.
 *
 * A variant's `stock.<id>` counts the units shoppers can still have; a reservation moves units
 * from it to `held.<id>` and records itself in `holds.<key>_<id>`, in one update per product
 * guarded on every line's `stock.<id>` covering it (FerretDB v1 has no `$expr`: each guard is a
 * plain filter on one field) and on the entry not being there yet, so that no two checkouts
 * hold the same unit and no reservation is made twice. Ending a reservation is one update per
 * product guarded on its entries still being there, so that it happens once whoever tries:
 * released (the units go back to the shoppers) or settled (they were sold). Which of the two is
 * decided by the checkout that owns the reservation, the only one that ends it.
 */

/** A variant as a checkout prices it: its price in minor units of the store currency. */
export interface VariantToPrice {
  _id: string;
  sku: string;
  options: Record<string, string>;
  price: Minor;
  weight: number;
  taxClass: string;
  /** Units shoppers can have now: those held in checkouts are not counted. */
  available: number;
}

/** A product as a checkout prices it. */
export interface ProductToPrice {
  _id: string;
  name: string;
  categoryId: string;
  variants: VariantToPrice[];
}

/**
 * The products' ids as stored, each once; an id no product can have (not 24 hex digits) is left
 * out, so it is not found (the checkout calls' schemas refuse such ids first). The checkout's
 * reads of products go through the driver, sparing Mongoose's query building on the path of every
 * order (docs/features/cart-and-checkout.md, "Where the time goes").
 */
const storedIds = (ids: readonly string[]) =>
  [...new Set(ids)].filter((id) => objectIdSchema.safeParse(id).success).map(oid);

/**
 * The products of a cart as a checkout prices them, by id, with the units of each variant
 * shoppers can have: one read (no holds, no photos).
 */
export async function findProductsToPrice(
  ids: readonly string[],
): Promise<Map<string, ProductToPrice>> {
  const docs = await ProductModel.collection
    .find<ProductDoc>(
      { _id: { $in: storedIds(ids) } },
      {
        projection: {
          name: 1,
          category: 1,
          options: 1,
          variants: 1,
          weight: 1,
          taxClass: 1,
          stock: 1,
        },
      },
    )
    .toArray();
  return new Map(
    docs.map((p) => {
      const options = p.options ?? [];
      const stock = (p.stock ?? {}) as unknown as Record<string, number>;
      const variants = (p.variants ?? []).map((v) => ({
        _id: String(v._id),
        sku: v.sku,
        options: Object.fromEntries(options.map((o, i) => [o.name, v.values[i] ?? ''])),
        price: minor(v.price),
        weight: v.weight ?? p.weight ?? 0,
        taxClass: v.taxClass ?? p.taxClass ?? DEFAULT_TAX_CLASS,
        available: stock[String(v._id)] ?? 0,
      }));
      const product = {
        _id: String(p._id),
        name: p.name,
        categoryId: String(p.category),
        variants,
      };
      return [product._id, product];
    }),
  );
}

/**
 * The units shoppers can have now of each variant of the products, by variant id (what a
 * checkout that would give back its own hold first reads to know whether asking is worth it).
 */
export async function unitsForSale(productIds: readonly string[]): Promise<Map<string, number>> {
  const docs = await ProductModel.collection
    .find<Pick<ProductDoc, 'stock'>>(
      { _id: { $in: storedIds(productIds) } },
      { projection: { stock: 1 } },
    )
    .toArray();
  return new Map(
    docs.flatMap((doc) => Object.entries((doc.stock ?? {}) as unknown as Record<string, number>)),
  );
}

/** Units of one variant in a reservation. */
export interface ReservedUnits {
  productId: string;
  variantId: string;
  quantity: number;
}

const variantOf = (line: ReservedUnits) => line.variantId.toLowerCase();
const heldKey = (line: ReservedUnits) => `held.${variantOf(line)}`;
const entryKey = (key: string, line: ReservedUnits) => `holds.${key}_${variantOf(line)}`;
const stockOf = (line: ReservedUnits) => stockKey(line);

/** The lines by product, in the order products first appear. */
function byProduct(lines: readonly ReservedUnits[]): ReservedUnits[][] {
  const groups = new Map<string, ReservedUnits[]>();
  for (const line of lines) {
    const group = groups.get(line.productId);
    if (group) group.push(line);
    else groups.set(line.productId, [line]);
  }
  return [...groups.values()];
}

const READ_LATER = { readBack: false };
/**
 * Reserving and settling announce their change once it landed, without an intent: should the
 * process die between the write and its announcement, the other processes show the product's
 * units as before the write until its reservation is ended (settled, or released by the sweep
 * at its expiry), which every process hears of. A release keeps its intent: no later write of
 * a reservation ended would make up for it.
 */
const ANNOUNCED_AFTER = { readBack: false, announce: 'after' } as const;

const total = (lines: readonly ReservedUnits[]) => lines.reduce((n, l) => n + l.quantity, 0);
const productIdsOf = (lines: readonly ReservedUnits[]) => [
  ...new Set(lines.map((l) => l.productId)),
];

/** What a reservation refused: the first line short, and how many units shoppers can have of it. */
export interface ReservationRefused {
  refused: ReservedUnits;
  available: number;
}

/**
 * Reserves every line's units under `key` until `expiresAt`, or none: one guarded update per
 * product; at the first product whose units cannot all be had, the products reserved are
 * released and the first line short is answered, with the units shoppers can have of it.
 */
export async function reserveUnits(
  key: string,
  lines: readonly ReservedUnits[],
  expiresAt: Date,
): Promise<ReservationRefused | null> {
  return writeToCatalogue(
    productChange(productIdsOf(lines)),
    async () => {
      const reserved: ReservedUnits[][] = [];
      try {
        for (const group of byProduct(lines)) {
          if (!(await reserveProduct(key, group, expiresAt))) return await refusalOf(group);
          reserved.push(group);
        }
        return null;
      } finally {
        if (reserved.length < byProduct(lines).length) {
          await Promise.all(reserved.map((group) => releaseProduct(key, group)));
        }
      }
    },
    ANNOUNCED_AFTER,
  );
}

/**
 * One guarded update of a product's counts and entries, sent by the driver as written: the id
 * as an ObjectId and `updatedAt` set, as Mongoose's cast and timestamps would make them. Twice
 * on the path of every order (reserved, settled), where Mongoose's cast of the filter and the
 * update cost more of the API's CPU than the command's sending
 * (docs/features/cart-and-checkout.md, "Where the time goes"). Whether it matched.
 */
async function updateProduct(
  productId: string,
  guards: Record<string, unknown>,
  { $set, ...update }: { $inc?: Record<string, number>; $set?: object; $unset?: object },
): Promise<boolean> {
  const { matchedCount } = await ProductModel.collection.updateOne(
    { _id: oid(productId), ...guards },
    { ...update, $set: { ...$set, updatedAt: new Date() } },
  );
  return matchedCount > 0;
}

async function reserveProduct(key: string, group: readonly ReservedUnits[], expiresAt: Date) {
  const filter: Record<string, unknown> = {};
  const inc: Record<string, number> = { quantity: -total(group) };
  const set: Record<string, unknown> = {};
  for (const line of group) {
    filter[stockOf(line)] = { $gte: line.quantity };
    filter[entryKey(key, line)] = { $exists: false };
    inc[stockOf(line)] = -line.quantity;
    inc[heldKey(line)] = line.quantity;
    set[entryKey(key, line)] = { variant: variantOf(line), quantity: line.quantity, expiresAt };
  }
  return updateProduct((group[0] as ReservedUnits).productId, filter, { $inc: inc, $set: set });
}

async function refusalOf(group: readonly ReservedUnits[]): Promise<ReservationRefused> {
  const product = await ProductModel.findById(group[0]?.productId)
    .select('stock')
    .lean<Pick<ProductDoc, 'stock'>>();
  const stock = (product?.stock ?? {}) as unknown as Record<string, number>;
  const availableOf = (line: ReservedUnits) => stock[variantOf(line)] ?? 0;
  const refused =
    group.find((line) => availableOf(line) < line.quantity) ?? (group[0] as ReservedUnits);
  return { refused, available: availableOf(refused) };
}

/**
 * Ends the reservation's entries of one product in one update (`settle`: sold, the units leave
 * `held`; else released, they go back to `stock`). Entries written together end together; a
 * product whose variants changed meanwhile (a variant removed: its units are not counted back)
 * or a reservation ended in part by an earlier version is ended entry by entry.
 */
async function endProduct(key: string, group: readonly ReservedUnits[], settle: boolean) {
  const whole = await endEntries(key, group, settle, true);
  if (whole) return;
  for (const line of group) {
    if (!(await endEntries(key, [line], settle, true)))
      await endEntries(key, [line], settle, false);
  }
}

async function endEntries(
  key: string,
  lines: readonly ReservedUnits[],
  settle: boolean,
  counted: boolean,
): Promise<boolean> {
  const filter: Record<string, unknown> = {};
  const inc: Record<string, number> = {};
  const unset: Record<string, ''> = {};
  for (const line of lines) {
    filter[entryKey(key, line)] = { $exists: true };
    unset[entryKey(key, line)] = '';
    if (!counted) {
      // The variant is gone: its entry and count go, nothing comes back.
      filter[stockOf(line)] = { $exists: false };
      unset[heldKey(line)] = '';
      continue;
    }
    filter[stockOf(line)] = { $exists: true };
    inc[heldKey(line)] = -line.quantity;
    if (!settle) {
      inc[stockOf(line)] = line.quantity;
      inc.quantity = (inc.quantity ?? 0) + line.quantity;
    }
  }
  const update = Object.keys(inc).length > 0 ? { $unset: unset, $inc: inc } : { $unset: unset };
  return updateProduct((lines[0] as ReservedUnits).productId, filter, update);
}

const releaseProduct = (key: string, group: readonly ReservedUnits[]) =>
  endProduct(key, group, false);

/** Gives the reservation's units back to the shoppers, whatever of it is still held; once. */
export async function releaseUnits(key: string, lines: readonly ReservedUnits[]): Promise<void> {
  if (lines.length === 0) return;
  await writeToCatalogue(
    productChange(productIdsOf(lines)),
    () => Promise.all(byProduct(lines).map((group) => releaseProduct(key, group))),
    READ_LATER,
  );
}

/** The reservation's units were sold: they leave `held`, whatever of it is still held; once. */
export async function settleUnits(key: string, lines: readonly ReservedUnits[]): Promise<void> {
  if (lines.length === 0) return;
  await writeToCatalogue(
    productChange(productIdsOf(lines)),
    () => Promise.all(byProduct(lines).map((group) => endProduct(key, group, true))),
    ANNOUNCED_AFTER,
  );
}

/**
 * The lines of the reservation not held under `key` (a reservation an earlier version made and
 * the upgrade released, or a part of one): what placing its payment must reserve again.
 */
export async function unreservedOf(
  key: string,
  lines: readonly ReservedUnits[],
): Promise<ReservedUnits[]> {
  const products = await ProductModel.find({ _id: { $in: productIdsOf(lines) } })
    .select('holds')
    .lean<Pick<ProductDoc, '_id' | 'holds'>[]>();
  const held = new Set(
    products.flatMap((p) =>
      Object.keys((p.holds ?? {}) as Record<string, unknown>).map((entry) => `${p._id}:${entry}`),
    ),
  );
  return lines.filter(
    (line) => !held.has(`${line.productId}:${entryKey(key, line).slice('holds.'.length)}`),
  );
}

/**
 * Releases every reservation of every product but those of the checkouts kept now (their keys in
 * `kept`): the upgrade from the version whose checkouts held units by their own hold ids (their
 * payments are placed from what is for sale, as a payment whose hold expired always was). How
 * many entries it released.
 */
export async function releaseEveryReservation(kept: ReadonlySet<string>): Promise<number> {
  const products = await ProductModel.find({ holds: { $exists: true } })
    .select('holds')
    .lean<Pick<ProductDoc, '_id' | 'holds'>[]>();
  let released = 0;
  for (const product of products) {
    const entries = Object.entries(
      (product.holds ?? {}) as Record<string, { variant: string; quantity: number }>,
    );
    for (const [entry, { variant, quantity }] of entries) {
      const key = entry.slice(0, entry.lastIndexOf('_'));
      if (kept.has(key)) continue;
      await releaseUnits(key, [{ productId: String(product._id), variantId: variant, quantity }]);
      released += 1;
    }
  }
  return released;
}
