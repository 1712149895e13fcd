import type { ShopperState } from '@shop/contracts/storefront';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/** The attribute the API sets on `#root` when it holds the screen it rendered. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * Whether the first screen is rendered without the browser's own state: on the server, and in
 * the browser hydrating what the server rendered. That screen is what a signed-out shopper with
 * an empty cart sees (on the cart page, with the shopper's state it was given: ServerShopper);
 * the providers bring the stored session and cart in right after it.
 */
export const rendersAsServer =
  typeof document === 'undefined' ||
  document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) === true;

/** Where the API puts the shopper's state it rendered the page with (its cookies', read). */
const SHOPPER_STATE_ID = 'shop-shopper-state';
const NO_SHOPPER: ShopperState = { cart: [] };

/** The shopper's state of the page the server rendered: none on every page but the cart. */
function shopperOfPage(): ShopperState {
  if (typeof document === 'undefined' || !rendersAsServer) return NO_SHOPPER;
  const text = document.getElementById(SHOPPER_STATE_ID)?.textContent;
  if (!text) return NO_SHOPPER;
  try {
    return JSON.parse(text) as ShopperState;
  } catch (err) {
    // The cart is then read from storage once hydrated, as on any other page.
    console.error(err);
    return NO_SHOPPER;
  }
}

/**
 * The shopper's own state (the cart's lines, the name greeted) the first screen is rendered
 * with: on the server the entry provides the one it was given, in the browser it is the one the
 * server rendered the page with, so hydration matches. Empty on the pages rendered as a
 * signed-out shopper with an empty cart sees them.
 */
export const ServerShopper = createContext<ShopperState>(shopperOfPage());
export const useServerShopper = () => useContext(ServerShopper);

const unchanging = () => () => {};

/**
 * False while the server renders the screen and while the browser hydrates that markup, true
 * after (and in a screen the browser renders itself): a part that reads what only the browser
 * may (the shopper's own data) waits for it, so the server renders it as loading and hydration
 * matches.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );

/** What the starter of a server-rendered page waits for (src/start-after-paint.ts). */
const HYDRATED_EVENT = 'shop:hydrated';
let announced = false;

/**
 * Tells the starter that the screen the server rendered has hydrated, so that it makes again what
 * the shopper did before (a press held, a choice or text React set back). Rendered inside the
 * route's own Suspense boundary: React hydrates a boundary after the root, and an event on a
 * part not yet hydrated reaches no handler. Renders nothing, so the markup stays the server's.
 */
export function AnnounceHydrated() {
  useEffect(() => {
    if (!rendersAsServer || announced) return;
    announced = true;
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}
