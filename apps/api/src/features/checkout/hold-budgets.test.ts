import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { commandsTo } from '../../test/commands.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Budget, type BudgetPart, budgetNow, takeBudgets } from './hold-budgets.js';

/** A shopper's budget and an address's, new to this test: neither is kept yet. */
function budgetsOfOneShopper(): [Budget, Budget] {
  const tag = randomUUID();
  return [
    { id: `account:${tag}`, limit: 10, holdsCodes: true },
    { id: `address:${tag}`, limit: 10, holdsCodes: false },
  ];
}

const partOf = (units: number, discountIds: string[] = []): BudgetPart => ({
  key: randomUUID(),
  units,
  discountIds,
});

describe('a checkout taking its part of its budgets of holds', () => {
  test('when neither budget is kept yet, then one command makes both, each holding the part', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const budgets = budgetsOfOneShopper();
    const part = partOf(3);

    const { answer: refusal, sent } = await commandsTo('hold_budgets', () =>
      takeBudgets(part, budgets),
    );

    expect(refusal).toBeNull();
    expect(sent).toEqual(['bulkWrite']);
    for (const budget of budgets) {
      expect(await budgetNow(budget.id)).toMatchObject({ units: 3, holds: { [part.key]: 3 } });
    }
  });

  test('when both budgets are kept and have room, then one command takes from both', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const budgets = budgetsOfOneShopper();
    const first = partOf(4);
    expect(await takeBudgets(first, budgets)).toBeNull();
    const second = partOf(5);

    const { answer: refusal, sent } = await commandsTo('hold_budgets', () =>
      takeBudgets(second, budgets),
    );

    expect(refusal).toBeNull();
    expect(sent).toEqual(['bulkWrite']);
    for (const budget of budgets) {
      expect(await budgetNow(budget.id)).toMatchObject({
        units: 9,
        holds: { [first.key]: 4, [second.key]: 5 },
      });
    }
  });

  test('when the address budget has no room left, then it is the refusal, and the shopper’s part is given back', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const [shopper, address] = budgetsOfOneShopper();
    // Others behind the address hold 8 of its 10.
    expect(await takeBudgets(partOf(8), [address])).toBeNull();
    const before = await budgetNow(shopper.id);
    const part = partOf(3);

    const refusal = await takeBudgets(part, [shopper, address]);

    expect(refusal).toEqual({ budget: address, reason: 'units' });
    expect(await budgetNow(address.id)).toMatchObject({ units: 8 });
    expect((await budgetNow(address.id)).holds[part.key]).toBeUndefined();
    expect(await budgetNow(shopper.id)).toMatchObject({ units: before.units });
    expect((await budgetNow(shopper.id)).holds[part.key]).toBeUndefined();
  });

  test('when another checkout of the shopper holds a use of the code, then the code is the refusal, and the address’s part is given back', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const [shopper, address] = budgetsOfOneShopper();
    const code = new mongoose.Types.ObjectId().toString();
    expect(await takeBudgets(partOf(1, [code]), [shopper, address])).toBeNull();
    const part = partOf(1, [code]);

    const refusal = await takeBudgets(part, [shopper, address]);

    expect(refusal).toEqual({ budget: shopper, reason: 'code', discountId: code });
    for (const budget of [shopper, address]) {
      expect(await budgetNow(budget.id)).toMatchObject({ units: 1 });
      expect((await budgetNow(budget.id)).holds[part.key]).toBeUndefined();
    }
  });

  test('when a part is larger than a budget, then it is refused without a write, and nothing is held', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const [shopper, address] = budgetsOfOneShopper();
    const part = partOf(11);

    const { answer: refusal, sent } = await commandsTo('hold_budgets', () =>
      takeBudgets(part, [shopper, address]),
    );

    expect(refusal).toEqual({ budget: shopper, reason: 'units' });
    expect(sent).not.toContain('updateOne');
    for (const budget of [shopper, address]) {
      expect(await budgetNow(budget.id)).toMatchObject({ units: 0, holds: {} });
    }
  });

  test('when 12 checkouts of different shoppers behind one address take parts at once, then exactly as many as fit hold one, and the address counts them', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const address: Budget = { id: `address:${randomUUID()}`, limit: 10, holdsCodes: false };
    const parts = Array.from({ length: 12 }, () => partOf(2));

    const refusals = await Promise.all(
      parts.map((part) =>
        takeBudgets(part, [
          { id: `account:${randomUUID()}`, limit: 10, holdsCodes: true },
          address,
        ]),
      ),
    );

    expect(refusals.filter((r) => r === null)).toHaveLength(5);
    expect(refusals.filter((r) => r !== null)).toEqual(
      Array.from({ length: 7 }, () => ({ budget: address, reason: 'units' })),
    );
    const now = await budgetNow(address.id);
    expect(now.units).toBe(10);
    expect(Object.values(now.holds)).toEqual([2, 2, 2, 2, 2]);
  });
});
