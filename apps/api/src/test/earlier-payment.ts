import { readFileSync } from 'node:fs';
import mongoose from 'mongoose';
import type { FakePaymentIntent, FakeStripe } from './fake-stripe.js';

/**
 * A payment started and authorized by the build before the checkout record (4a1af71), as
 * `scripts/earlier-payment.ts` captured it from that build: every document it left in the
 * database (products with their hold entries, `checkout_holds`, the code's held use, the
 * accounts…) and the PaymentIntent, whose metadata carries the whole checkout.
 */
export interface EarlierPayment {
  /** Units of each variant the admin stocked. */
  stock: number;
  buyer: { _id: string; email: string };
  /** What the buyer pays for: a lamp sold as one item (its variant's id is its own), a shirt in M. */
  lines: { productId: string; variantId: string; quantity: number }[];
  discount: { _id: string; code: string; usageLimit: number };
  payment: Pick<
    FakePaymentIntent,
    'id' | 'amount' | 'currency' | 'status' | 'capture_method' | 'metadata'
  >;
  collections: Record<string, Record<string, unknown>[]>;
}

/** The fixture, its ids and dates read back as the driver's types. */
export const earlierPayment = (): EarlierPayment =>
  mongoose.mongo.BSON.EJSON.parse(
    readFileSync(new URL('./fixtures/earlier-payment.json', import.meta.url), 'utf8'),
    { relaxed: true },
  ) as EarlierPayment;

/**
 * Writes the fixture's documents into the connected database, as that build left them (only
 * the collections named, when given); the PaymentIntent into `stripe`, authorized.
 */
export async function restoreEarlierPayment(
  fixture: EarlierPayment,
  stripe: FakeStripe,
  only?: readonly string[],
) {
  for (const [name, docs] of Object.entries(fixture.collections)) {
    if (only && !only.includes(name)) continue;
    await mongoose.connection.collection(name).insertMany(docs);
  }
  stripe.insert({ ...fixture.payment });
}

/** Whether the database still has `checkout_holds`. */
export const hasCheckoutHolds = async () =>
  (await mongoose.connection.db?.listCollections({ name: 'checkout_holds' }).toArray())?.length ===
  1;
