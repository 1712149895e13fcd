import { createPaymentIntentResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import { describe, expect, inject, it } from 'vitest';
import { mailboxOf } from '../../lib/mailbox.js';
import { minor } from '../../lib/money.js';
import { createProduct, TEST_DELIVERY_ADDRESS } from '../../test/checkout.js';
import { uniqueCode } from '../../test/discounts.js';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { createAccounts } from '../../test/harness.js';
import { type ApiProcess, JWT_SECRET, placeOrder, startApiProcess } from '../../test/oversell.js';
import { storedDocument } from '../../test/raw-documents.js';
import { withThrowawayDatabase } from '../../test/throwaway-database.js';
import { insertDiscount } from '../discounts/repository.js';
import { listOrdersOfProduct } from '../orders/repository/reads.js';
import { findProduct } from '../products/repository/reads.js';
import { authorizePayment } from './steps/authorize-payment.js';
import { capturePayment } from './steps/capture-payment.js';
import { claimCheckout } from './steps/claim-checkout.js';
import { closeCheckout } from './steps/close-checkout.js';
import { countUsesOfShopper } from './steps/count-shopper-uses.js';
import { createPayment, recordPayment } from './steps/create-payment.js';
import { markPaidAndQueueConfirmation } from './steps/mark-paid.js';
import { openCheckout } from './steps/open-checkout.js';
import { recordUnpaidOrder } from './steps/record-order.js';
import { reserve, settleReservation } from './steps/reserve.js';
import { verifyPayment } from './steps/verify-payment.js';

/**
 * An API process killed (SIGKILL, the CRASH_AFTER_STEP fault) right after each step of
 * starting to pay (startPayment) and of placing (placeUnderLock): a process of its own per step,
 * one checkout each, and a process that keeps running, whose sweep ends what the dead left once
 * the hold (8 s) has expired and, for a placement, its lease on the payment (15 s) has run out.
 */
const STARTING = [openCheckout, reserve, createPayment, recordPayment].map((s) => s.name);
const PLACING = [
  claimCheckout,
  authorizePayment,
  verifyPayment,
  countUsesOfShopper,
  recordUnpaidOrder,
  capturePayment,
  settleReservation,
  markPaidAndQueueConfirmation,
  closeCheckout,
].map((s) => s.name);
/**
 * Each crash: the step after which its process dies, and whether the card's authorization lapses
 * before anyone takes the placement over (Stripe cancels one left uncaptured for 7 days; an
 * admin may cancel it in Stripe's dashboard).
 */
const CRASHES = [
  ...[...PLACING, ...STARTING].map((step) => ({ step, lapse: false })),
  { step: countUsesOfShopper.name, lapse: true },
];
// Longer than one case's start and placement on a machine at load 20 (with 2 s, a placement
// was refused 409 as expired before its process could die in it); the sweep waits for the lease.
const HOLD = { CHECKOUT_HOLD_SECONDS: '8' };
const STOCK = 5;
const UNITS = 2;
const USES = 3;
/** 2 lamps at 20.00, less the code's 5.00. */
const AMOUNT = 3500;

interface Case {
  step: string;
  lapse: boolean;
  victim: ApiProcess;
  buyer: { id: string; token: string; email: string };
  productId: string;
  discountId: string;
  code: string;
}

/** A buyer, a lamp of 5 and a code of 3 uses (one per shopper) for the step's checkout. */
async function arrange(
  { step, lapse }: (typeof CRASHES)[number],
  victim: ApiProcess,
): Promise<Case> {
  const [buyer] = await createAccounts(1, { secret: JWT_SECRET });
  const product = await createProduct({ price: 20, quantity: STOCK });
  const code = uniqueCode('CRASH');
  const discount = await insertDiscount({
    title: `Crash after ${step}`,
    code,
    automatic: false,
    kind: 'fixed',
    amountOff: minor(500),
    percentOff: null,
    buy: null,
    get: null,
    products: [],
    categories: [],
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    firstOrderOnly: false,
    usageLimit: USES,
    perCustomerLimit: 1,
    combinable: false,
    active: true,
  });
  if (!buyer) throw new Error('no buyer made');
  return { step, lapse, victim, buyer, productId: product.id, discountId: discount._id, code };
}

const startPaying = (url: string, c: Case) =>
  fetch(`${url}/api/v1/order/create-payment-intent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${c.buyer.token}` },
    body: JSON.stringify({
      cart: [{ _id: c.productId, quantity: UNITS }],
      deliveryAddress: TEST_DELIVERY_ADDRESS,
      discountCode: c.code,
    }),
  });

const cutOff = (call: Promise<Response>) =>
  call.then(
    (res) => `answered ${res.status}`,
    () => 'cut off',
  );

/** Drives the case's checkout into its victim's crash: the victim starts paying, or places. */
async function crash(c: Case, survivor: ApiProcess, stripe: FakeStripe) {
  if (STARTING.includes(c.step)) {
    expect(await cutOff(startPaying(c.victim.url, c)), c.step).toBe('cut off');
  } else {
    const res = await startPaying(survivor.url, c);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const { clientSecret } = createPaymentIntentResponseSchema.parse(body);
    const paymentIntentId = clientSecret.split('_secret_')[0] as string;
    stripe.confirm(paymentIntentId);
    expect(await cutOff(placeOrder(c.victim.url, c.buyer.token, paymentIntentId)), c.step).toBe(
      'cut off',
    );
    if (c.lapse) stripe.update(paymentIntentId, { status: 'canceled' });
  }
  expect(await c.victim.exited, c.step).toBe('SIGKILL');
}

const checkouts = () => mongoose.connection.collection('checkouts');
const budgets = () =>
  mongoose.connection.collection<{ _id: string; units: number }>('hold_budgets');

/** What the case's checkout left: its checkouts, payments, order, units and code's uses. */
async function outcomeOf(c: Case, stripe: FakeStripe) {
  const kept = await checkouts()
    .find({ 'shopper.accountId': new mongoose.Types.ObjectId(c.buyer.id) })
    .toArray();
  const ids = kept.map((checkout) => String(checkout._id));
  const payments = stripe.where((intent) => ids.includes(intent.metadata.checkoutId ?? ''));
  const product = await findProduct(c.productId);
  const discount = await storedDocument('discounts', c.discountId);
  const shopperUses = await mongoose.connection
    .collection<{ _id: string; count: number; taken: number }>('discount_customer_uses')
    .findOne({ _id: `${c.discountId}:${mailboxOf(c.buyer.email)}` });
  return {
    checkouts: kept.map((checkout) => checkout.status),
    payments: payments.map((intent) => intent.status),
    captures: payments.map((intent) => stripe.capturesOf(intent.id)),
    orders: (await listOrdersOfProduct(c.productId)).map((order) => ({
      ofThePayment: order.payment.id === payments[0]?.id,
      paid: order.payment.success,
      amount: order.payment.amount,
    })),
    available: product?.quantity,
    held: product?.variants[0]?.inCheckouts,
    // The shopper's budget of holds: its document goes once it counts nothing.
    budget: (await budgets().findOne({ _id: `account:${c.buyer.id}` }))?.units ?? 'removed',
    code: {
      used: discount?.used,
      usesLeft: discount?.usesLeft,
      held: Object.keys(discount?.holds ?? {}).length,
      // Counted for the order, and taken (held or counted) against the shopper's limit.
      byTheShopper: { count: shopperUses?.count ?? 0, taken: shopperUses?.taken ?? 0 },
    },
  };
}

/**
 * Where each crash must end: a placement that died is finished by the sweep (the card was
 * authorized), so one order, captured once, its units and code's use taken once; a start that
 * died, or a placement whose authorization lapsed, is ended, its units and code's uses given
 * back and its payment cancelled (none made yet before createPayment; after it, one nobody can
 * authorize: its client secret never left).
 */
function settledOutcome({ step, lapse }: Case) {
  if (PLACING.includes(step) && !lapse) {
    return {
      checkouts: ['placed'],
      payments: ['succeeded'],
      captures: [1],
      orders: [{ ofThePayment: true, paid: true, amount: AMOUNT }],
      available: STOCK - UNITS,
      held: 0,
      budget: 'removed',
      code: { used: 1, usesLeft: USES - 1, held: 0, byTheShopper: { count: 1, taken: 1 } },
    };
  }
  const payments =
    step === createPayment.name
      ? ['requires_payment_method']
      : step === recordPayment.name || lapse
        ? ['canceled']
        : [];
  return {
    checkouts: ['released'],
    payments,
    captures: payments.map(() => 0),
    orders: [],
    available: STOCK,
    held: 0,
    budget: 'removed',
    code: { used: 0, usesLeft: USES, held: 0, byTheShopper: { count: 0, taken: 0 } },
  };
}

describe('a checkout whose API process is killed between two steps', () => {
  it('when a process dies right after each step of starting to pay and of placing, then once the hold and the lease ran out no checkout is left open, no unit, code use or authorization is held, and nobody is charged without an order', async () => {
    await withThrowawayDatabase(
      'checkout_crash',
      async ({ url }) => {
        const stripe = await startFakeStripe();
        const processes: ApiProcess[] = [];
        const start = async (env: Record<string, string>) => {
          const api = await startApiProcess(url, stripe, { env: { ...HOLD, ...env } });
          processes.push(api);
          return api;
        };
        // Each process's errors go to this one's stderr: one listener per process.
        process.stderr.setMaxListeners(CRASHES.length + 10);
        try {
          const [survivor, ...victims] = await Promise.all([
            start({}),
            ...CRASHES.map(({ step }) => start({ CRASH_AFTER_STEP: step })),
          ]);
          const cases = await Promise.all(
            CRASHES.map((crashed, i) => arrange(crashed, victims[i] as ApiProcess)),
          );
          const startedAt = Date.now();
          // One after the other, each in milliseconds: every victim dies in its own case, before
          // any checkout expires for its sweep to take.
          for (const c of cases) await crash(c, survivor as ApiProcess, stripe);

          for (const c of cases) {
            await expect
              .poll(() => outcomeOf(c, stripe), { timeout: 90_000, interval: 250 })
              .toEqual(settledOutcome(c));
          }
          expect(await checkouts().countDocuments({ status: { $in: ['open', 'placing'] } })).toBe(
            0,
          );
          console.log(
            `${cases.length} crashes (after ${CRASHES.map((c) => c.step + (c.lapse ? ', its authorization lapsed' : '')).join('; ')}): all settled ${Date.now() - startedAt} ms after the first`,
          );
        } finally {
          for (const api of processes) api.stop();
          await stripe.close();
        }
      },
      inject('mongoUrl'),
    );
  }, 180_000);
});
