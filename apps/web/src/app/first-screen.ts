import type { Store } from '@shop/contracts';
import { adoptMoneyFormat, formatMoney } from '@shop/contracts/money';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { storeQuery } from '../lib/store-settings';

/** Where the API puts the data of the screen it rendered (apps/api/src/features/storefront). */
const SERVER_STATE_ID = 'shop-query-state';
/** Where it puts how the screen's prices are written (`moneyFormatOf` the store currency). */
const MONEY_FORMAT_ID = 'shop-money-format';

/**
 * Fills `queryClient` with the reads the server rendered the screen from, so that hydrating it
 * asks for none of them again.
 *
 * Their data counts as read now: the API keeps a rendered page only while the catalogue it was
 * read from is unchanged (and the browser revalidates the page on every visit), so the data is
 * current when the page arrives, however long ago the server rendered it. With the render's own
 * time, a page rendered more than a minute earlier had every read asked again on hydration.
 */
export function hydrateServerState(queryClient: QueryClient) {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return;
  try {
    const state = JSON.parse(text) as DehydratedState;
    const now = Date.now();
    for (const { state: read } of state.queries) {
      if (read.status === 'success') read.dataUpdatedAt = now;
    }
    hydrate(queryClient, state);
  } catch (err) {
    // The screen then asks for its data itself.
    console.error(err);
  }
}

/**
 * Prepares money's formatting before the screen hydrates. A page the server rendered carries
 * how its prices are written, taken from the server's `Intl.NumberFormat`: adopted, the page's
 * figures are written without the browser's own, whose first use loads its locale data (87 ms of
 * a phone's main thread, 4x slowed, 2026-12-01, which made it the page's longest task). Without
 * it, a price is formatted once here, in a task of its own (main.tsx), rather than inside
 * hydrating's first slice.
 */
export function prepareMoneyFormat(queryClient: QueryClient) {
  const currency = queryClient.getQueryData<Store>(storeQuery().queryKey)?.currency;
  const text = document.getElementById(MONEY_FORMAT_ID)?.textContent;
  if (text) {
    try {
      adoptMoneyFormat(JSON.parse(text));
    } catch (err) {
      console.error(err);
    }
  }
  if (currency) formatMoney(0, currency);
}
