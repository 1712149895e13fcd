import { describe, expect, inject, it } from 'vitest';
import { printOutboxFigures, runMailOutboxCheck } from '../../test/mail-outbox.js';

describe('e-mails through the outbox, over two API processes, one killed', () => {
  it('when 10 orders are placed while the mail server is down and a process is killed with SIGKILL during the retries, then once it is back exactly 10 confirmations arrive, none twice', async () => {
    const figures = await runMailOutboxCheck({ mongoUrl: inject('mongoUrl'), orders: 10 });
    printOutboxFigures(figures);

    expect(figures.attemptsWhileDown).toBeGreaterThanOrEqual(2);
    expect(figures.killed).toBe('SIGKILL');
    expect(figures.mails).toBe(10);
    expect(figures.ordersConfirmed).toBe(10);
    expect(figures.duplicates).toBe(0);
    // The surviving and the restarted process shared them; together, each e-mail once.
    expect(figures.sentBy.reduce((sum, n) => sum + n, 0)).toBe(10);
  }, 240_000);
});
