import { describe, expect, inject, it } from 'vitest';
import { runBackInStockCheck } from '../../test/back-in-stock-outbox.js';

describe('back-in-stock e-mails through the outbox, over two API processes, one killed', () => {
  it('when 8 shoppers wait for a sold-out lamp, it is restocked while the mail server is down and a process is killed with SIGKILL during the retries, then once it is back each shopper gets exactly one e-mail', async () => {
    const figures = await runBackInStockCheck({ mongoUrl: inject('mongoUrl'), subscribers: 8 });
    console.log(figures);

    expect(figures.attemptsWhileDown).toBeGreaterThanOrEqual(2);
    expect(figures.killed).toBe('SIGKILL');
    expect(figures.mails).toBe(8);
    expect(figures.subscribersTold).toBe(8);
    expect(figures.duplicates).toBe(0);
  }, 240_000);
});
