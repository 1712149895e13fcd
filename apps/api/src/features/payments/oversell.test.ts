import { describe, expect, inject, it } from 'vitest';
import { printOversellFigures, runOversellCheck } from '../../test/oversell.js';

describe('checkout under concurrency, over two API processes', () => {
  it('when 20 buyers pay for the last 5 units at once, then exactly 5 orders, stock 0 and no duplicates', async () => {
    const figures = await runOversellCheck({ mongoUrl: inject('mongoUrl'), buyers: 20, stock: 5 });
    printOversellFigures(figures);

    expect(figures.ordersPlaced).toBe(5);
    expect(figures.stockLeft).toBe(0);
    expect(figures.duplicates).toBe(0);
    expect(figures.answers).toEqual({ 201: 5, 409: 15 });
    // The same paid PaymentIntent placed 12 times at once: one order, one unit.
    expect(figures.replay).toEqual({ calls: 12, orders: 1, unitsTaken: 1 });
  }, 180_000);
});
