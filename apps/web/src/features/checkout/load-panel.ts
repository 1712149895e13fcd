import { nextTask } from '../../lib/next-task';

/**
 * The checkout panel's chunk (quote, guest checkout, address, card), its modules evaluated in
 * four tasks, not one: axios; zod with the discount and common schemas; the order's, quote's and
 * shopper's schemas; the panel, once the list of countries the estimate offers is made (from
 * the runtime's region data, each two-letter code tried). In one task they held a phone's main
 * thread for 245 ms (4x slowed, 2026-12-01; twice that when the shared machine ran slow), the
 * cart's longest task, which cost it its Lighthouse phone score in CI.
 */
export async function loadCheckoutPanel() {
  await import('../../lib/http');
  await nextTask();
  await import('@shop/contracts/discount');
  await nextTask();
  await import('@shop/contracts/guest');
  await nextTask();
  const { countryCodes } = await import('@shop/contracts/country');
  countryCodes();
  await nextTask();
  return import('./components/CheckoutPanel');
}
