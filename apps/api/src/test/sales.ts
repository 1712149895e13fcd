import { setTimeout as sleep } from 'node:timers/promises';
import { SALES_FIGURES } from '../features/sales/index.js';
import { lastBatch } from '../features/sales/repository.js';
import { listDeliveries } from '../lib/outbox/index.js';

/**
 * Waits until the sales figures counted every order event that landed (they count them as they
 * land, after the change's answer): none waiting, the last batch done. Fails after 30 s.
 */
export async function orderEventsCounted() {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const [waiting, last] = await Promise.all([listDeliveries(SALES_FIGURES), lastBatch()]);
    if (waiting.length === 0 && (last?.done ?? true)) return;
    if (Date.now() > giveUpAt) throw new Error('the sales figures never counted the order events');
    await sleep(20);
  }
}
