import { formatMinorUnits } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { minor } from '../../lib/money.js';
import {
  applyDiscounts,
  type CartToDiscount,
  type DiscountLine,
  type DiscountRule,
  spread,
} from './apply.js';

/** What a test says of a discount: its amounts in minor units, `value` as the admin's form has it. */
type RuleOver = Partial<Omit<DiscountRule, 'amountOff' | 'percentOff' | 'minSubtotal'>> & {
  /** A fixed discount's amount, or a percentage's whole percent (10 unless given). */
  value?: number | null;
  minSubtotal?: number | null;
};

let made = 0;
/** A discount made `made` seconds after 2026-01-01, so that later ones are younger. */
const rule = ({ value = 10, minSubtotal = null, ...over }: RuleOver): DiscountRule => {
  made += 1;
  const kind = over.kind ?? 'percentage';
  return {
    _id: `d${String(made).padStart(23, '0')}`,
    title: `Discount ${made}`,
    code: null,
    automatic: true,
    kind,
    amountOff: kind === 'fixed' && value !== null ? minor(value) : null,
    percentOff: kind === 'percentage' ? value : null,
    buy: null,
    get: null,
    products: [],
    categories: [],
    minSubtotal: minSubtotal === null ? null : minor(minSubtotal),
    startsAt: null,
    endsAt: null,
    firstOrderOnly: false,
    usesLeft: null,
    perCustomerLimit: null,
    combinable: false,
    active: true,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, made)),
    ...over,
  };
};
const code = (value: string, over: RuleOver = {}) =>
  rule({ code: value, automatic: false, ...over });

const line = (
  productId: string,
  unitPrice: number,
  quantity: number,
  categoryId = 'c1',
): DiscountLine => ({
  productId,
  categoryId,
  unitPrice: minor(unitPrice),
  quantity,
});

const NOW = new Date('2026-06-01T12:00:00Z');
const cart = ({
  shipping = 0,
  ...over
}: Partial<Omit<CartToDiscount, 'shipping'>> & { shipping?: number }): CartToDiscount => ({
  lines: [line('p1', 1000, 1)],
  shipping: minor(shipping),
  candidates: [],
  askedCode: null,
  shopper: { ordersSoFar: 0, uses: new Map(), verified: true, complete: true },
  now: NOW,
  formatAmount: (amount) => formatMinorUnits(amount, 'INR'),
  ...over,
});

/** `spread` of amounts as a test writes them. */
const spreadOf = (total: number, amounts: number[]) => spread(minor(total), amounts.map(minor));

describe('spread', () => {
  it('when the shares are whole, then each line gets its proportion', () => {
    expect(spreadOf(300, [1000, 2000])).toEqual([100, 200]);
  });

  it('when minor units are left over, then they go to the largest line, the first of equals', () => {
    // 1000 over 3 equal lines: 333 each, 1 left to the first.
    expect(spreadOf(1000, [500, 500, 500])).toEqual([334, 333, 333]);
    // 100 over 333 / 667: 33.3 and 66.7, rounded down to 33 and 66, 1 to the larger.
    expect(spreadOf(100, [333, 667])).toEqual([33, 67]);
  });

  it('when the largest line cannot take every unit left, then the next largest takes the rest', () => {
    expect(spreadOf(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spreadOf(3, [1, 1, 1])).toEqual([1, 1, 1]);
  });
});

describe('applyDiscounts: each kind', () => {
  it('when a percentage applies, then each eligible line loses its rounded share (half up)', () => {
    const outcome = applyDiscounts(
      cart({
        lines: [line('p1', 333, 1), line('p2', 1001, 1), line('p3', 500, 2, 'c2')],
        candidates: [code('TEN', { value: 15, products: ['p1'], categories: ['c2'] })],
        askedCode: 'TEN',
      }),
    );
    // 15% of 333 = 49.95 → 50; p2 not eligible; 15% of 1000 = 150.
    expect(outcome.lineDiscounts).toEqual([50, 0, 150]);
    expect(outcome.applied.map((a) => a.amount)).toEqual([200]);
    expect(outcome.refusal).toBeNull();
  });

  it('when a fixed amount exceeds the eligible goods, then it takes them all and no more', () => {
    const outcome = applyDiscounts(
      cart({
        lines: [line('p1', 700, 1), line('p2', 300, 1)],
        candidates: [code('BIG', { kind: 'fixed', value: 5000, products: ['p1'] })],
        askedCode: 'BIG',
      }),
    );
    expect(outcome.lineDiscounts).toEqual([700, 0]);
    expect(outcome.applied[0]?.amount).toBe(700);
  });

  it('when a fixed amount does not divide evenly, then the leftover unit goes to the largest line', () => {
    const outcome = applyDiscounts(
      cart({
        lines: [line('p1', 1000, 1), line('p2', 1000, 2), line('p3', 1000, 1)],
        candidates: [code('FIVE', { kind: 'fixed', value: 1001 })],
        askedCode: 'FIVE',
      }),
    );
    // 1001 × (1000, 2000, 1000) / 4000 = 250.25, 500.5, 250.25 → 250, 500, 250, 1 left.
    expect(outcome.lineDiscounts).toEqual([250, 501, 250]);
  });

  it('when buy 2 get 1 meets 6 eligible units, then the 2 cheapest are free', () => {
    const outcome = applyDiscounts(
      cart({
        lines: [
          line('p1', 500, 3),
          line('p2', 200, 2),
          line('p3', 900, 1),
          line('p4', 50, 4, 'c9'),
        ],
        candidates: [
          code('B2G1', { kind: 'buy-x-get-y', value: null, buy: 2, get: 1, categories: ['c1'] }),
        ],
        askedCode: 'B2G1',
      }),
    );
    // Sorted: 900, 500, 500 | 500, 200, 200: the 3rd (500) and the 6th (200) are free.
    expect(outcome.lineDiscounts).toEqual([500, 200, 0, 0]);
  });

  it('when buy 2 get 1 meets 5 units, then only the one full group frees a unit', () => {
    const outcome = applyDiscounts(
      cart({
        lines: [line('p1', 100, 5)],
        candidates: [code('B2G1', { kind: 'buy-x-get-y', value: null, buy: 2, get: 1 })],
        askedCode: 'B2G1',
      }),
    );
    expect(outcome.lineDiscounts).toEqual([100]);
  });

  it('when free shipping applies, then the shipping line is zeroed and the goods keep their price', () => {
    const outcome = applyDiscounts(
      cart({ shipping: 499, candidates: [rule({ kind: 'free-shipping', value: null })] }),
    );
    expect(outcome.shippingDiscount).toBe(499);
    expect(outcome.lineDiscounts).toEqual([0]);
    expect(outcome.applied[0]?.amount).toBe(499);
  });
});

describe('applyDiscounts: conditions and refusals', () => {
  const refusal = (discount: DiscountRule, over: Parameters<typeof cart>[0] = {}) =>
    applyDiscounts(cart({ candidates: [discount], askedCode: 'WELCOME10', ...over })).refusal;

  it('when the code is unknown or paused, then it is not a valid code', () => {
    expect(refusal(code('OTHER'))).toBe('WELCOME10 is not a valid code');
    expect(refusal(code('WELCOME10', { active: false }))).toBe('WELCOME10 is not a valid code');
  });

  it('when the code is out of its dates, then it says so', () => {
    expect(refusal(code('WELCOME10', { endsAt: NOW }))).toBe('WELCOME10 has ended');
    expect(refusal(code('WELCOME10', { startsAt: new Date('2026-07-01T00:00:00Z') }))).toBe(
      'WELCOME10 has not started yet',
    );
  });

  it('when its uses are gone, then it has been used up; for this shopper, it says so', () => {
    expect(refusal(code('WELCOME10', { usesLeft: 0 }))).toBe('WELCOME10 has been used up');
    const welcome = code('WELCOME10', { perCustomerLimit: 1 });
    expect(
      refusal(welcome, {
        shopper: {
          ordersSoFar: 3,
          uses: new Map([[welcome._id, 1]]),
          verified: true,
          complete: true,
        },
      }),
    ).toBe('You have used WELCOME10 as many times as it allows');
  });

  it('when the shopper has ordered before, then it is for first orders; unknown shoppers may try', () => {
    const welcome = code('WELCOME10', { firstOrderOnly: true });
    expect(
      refusal(welcome, {
        shopper: { ordersSoFar: 1, uses: new Map(), verified: true, complete: true },
      }),
    ).toBe('WELCOME10 is for first orders');
    expect(refusal(welcome, { shopper: null })).toBeNull();
  });

  it('when a shopper whose e-mail is not verified fails a per-customer condition, then every reason is said in the same words', () => {
    const first = code('WELCOME10', { firstOrderOnly: true });
    const once = code('WELCOME10', { perCustomerLimit: 1 });
    const ordered = {
      ordersSoFar: 1,
      uses: new Map([[once._id, 1]]),
      verified: false,
      complete: true,
    };
    expect(refusal(first, { shopper: ordered })).toBe('You are not eligible for WELCOME10');
    expect(refusal(once, { shopper: ordered })).toBe('You are not eligible for WELCOME10');
  });

  it('when nobody known asks for a code limited per customer, then it applies and is said to be judged at checkout; any other code is not', () => {
    const noticeOf = (discount: DiscountRule, shopper: CartToDiscount['shopper']) =>
      applyDiscounts(cart({ candidates: [discount], askedCode: discount.code, shopper })).notice;
    const first = code('FIRST', { firstOrderOnly: true });
    const once = code('ONCE', { perCustomerLimit: 2 });
    expect(noticeOf(first, null)).toBe('FIRST applies at checkout if eligible');
    expect(noticeOf(once, null)).toBe('ONCE applies at checkout if eligible');
    expect(noticeOf(code('TEN'), null)).toBeNull();
    expect(
      noticeOf(first, { ordersSoFar: 0, uses: new Map(), verified: true, complete: true }),
    ).toBeNull();
    expect(noticeOf(code('FIRST', { firstOrderOnly: true, minSubtotal: 5000 }), null)).toBeNull();
  });

  it('when an account is judged only on what it did itself (its e-mail not confirmed), then a code limited per customer it may use is said to be judged at checkout, and one it used up is refused saying why', () => {
    const first = code('FIRST', { firstOrderOnly: true });
    const once = code('ONCE', { perCustomerLimit: 1 });
    const ownOnly = (uses: Map<string, number>) => ({
      ordersSoFar: uses.size,
      uses,
      verified: true,
      complete: false,
    });
    const outcome = (discount: DiscountRule, shopper: CartToDiscount['shopper']) => {
      const { notice, refusal } = applyDiscounts(
        cart({ candidates: [discount], askedCode: discount.code, shopper }),
      );
      return { notice, refusal };
    };
    expect(outcome(first, ownOnly(new Map()))).toEqual({
      notice: 'FIRST applies at checkout if eligible',
      refusal: null,
    });
    expect(outcome(once, ownOnly(new Map([[once._id, 1]])))).toEqual({
      notice: null,
      refusal: 'You have used ONCE as many times as it allows',
    });
  });

  it('when the eligible goods fall short of the minimum, then it says how much to add', () => {
    const welcome = code('WELCOME10', { minSubtotal: 5000, products: ['p1'] });
    expect(refusal(welcome, { lines: [line('p1', 3800, 1), line('p2', 9000, 1)] })).toBe(
      'Add ₹12.00 more to use WELCOME10',
    );
  });

  it('when nothing in the cart is eligible, then it says so', () => {
    expect(refusal(code('WELCOME10', { products: ['p9'] }))).toBe(
      'WELCOME10 does not apply to anything in your cart',
    );
  });

  it('when an automatic promotion’s condition does not hold, then it is left out without a refusal', () => {
    const outcome = applyDiscounts(cart({ candidates: [rule({ minSubtotal: 5000 })] }));
    expect(outcome.applied).toEqual([]);
    expect(outcome.refusal).toBeNull();
  });
});

describe('applyDiscounts: precedence', () => {
  it('when two non-combinable ones apply, then the bigger saving wins and the code is refused', () => {
    const automatic = rule({ value: 20 });
    const outcome = applyDiscounts(
      cart({ candidates: [automatic, code('WELCOME10', { value: 10 })], askedCode: 'WELCOME10' }),
    );
    expect(outcome.applied).toEqual([{ discount: automatic, amount: 200 }]);
    expect(outcome.refusal).toBe(
      `WELCOME10 cannot be combined with ${automatic.title}, which saves you more`,
    );
  });

  it('when they save the same, then the asked code wins', () => {
    const welcome = code('WELCOME10', { kind: 'fixed', value: 100 });
    const outcome = applyDiscounts(
      cart({ candidates: [rule({ value: 10 }), welcome], askedCode: 'WELCOME10' }),
    );
    expect(outcome.applied.map((a) => a.discount)).toEqual([welcome]);
  });

  it('when combinable ones apply too, then they come after, automatic first, each on what is left', () => {
    const welcome = code('WELCOME10', { combinable: true, kind: 'fixed', value: 100 });
    const older = rule({ combinable: true, value: 10 });
    const best = rule({ kind: 'fixed', value: 500 });
    const shipping = rule({ combinable: true, kind: 'free-shipping', value: null });
    const outcome = applyDiscounts(
      cart({ shipping: 300, candidates: [welcome, shipping, best, older], askedCode: 'WELCOME10' }),
    );
    // 1000 − 500 = 500; 10% of it: 50; free shipping: 300; then the code: 100.
    expect(outcome.applied).toEqual([
      { discount: best, amount: 500 },
      { discount: older, amount: 50 },
      { discount: shipping, amount: 300 },
      { discount: welcome, amount: 100 },
    ]);
    expect(outcome.lineDiscounts).toEqual([650]);
    expect(outcome.shippingDiscount).toBe(300);
    expect(outcome.refusal).toBeNull();
  });

  it('when discounts would take more than the goods, then the goods end at 0, never below', () => {
    const outcome = applyDiscounts(
      cart({
        candidates: [
          rule({ kind: 'fixed', value: 800 }),
          rule({ combinable: true, kind: 'fixed', value: 800 }),
        ],
      }),
    );
    expect(outcome.lineDiscounts).toEqual([1000]);
    expect(outcome.applied.map((a) => a.amount)).toEqual([800, 200]);
  });
});
