import { describe, expect, inject, it } from 'vitest';
import { printOversellFigures, runOversellCheck } from '../../test/oversell.js';

describe('checkout under concurrency, over two API processes', () => {
  it('when 40 buyers pay for the last 5 units at once, then exactly 5 orders, all captured, the 35 others refused before any authorization (no PaymentIntent made for them), stock 0 and no duplicates', async () => {
    const figures = await runOversellCheck({ mongoUrl: inject('mongoUrl'), buyers: 40, stock: 5 });
    printOversellFigures(figures);

    expect(figures.ordersPlaced).toBe(5);
    expect(figures.stockLeft).toBe(0);
    expect(figures.duplicates).toBe(0);
    // The units are held when paying starts: the others are turned away before paying.
    expect(figures.answers).toEqual({ 201: 5 });
    expect(figures.refusedBeforePaying).toBe(35);
    expect(figures.paymentsCreated).toBe(5);
    // Authorized first, captured only once the order existed: nobody paid for nothing.
    expect(figures.captured).toBe(figures.ordersPlaced);
    expect(figures.canceled).toBe(0);
    expect(figures.chargedWithoutOrder).toBe(0);
    // The same authorized PaymentIntent placed 14 times at once: one order, one unit, one capture.
    expect(figures.replay).toEqual({ calls: 14, orders: 1, unitsTaken: 1, captures: 1 });
    // The buyers raced for one variant: the others kept their stock, and a cancel gives back to it.
    expect(figures.siblingsUnchanged).toBe(true);
    expect(figures.stockAfterCancel).toBe(1);
  }, 180_000);
});
