import { useEffect } from 'react';

/** The attribute the API sets on `#root` when it holds the screen it rendered. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * Whether the first screen is rendered without the browser's own state: on the server, and in
 * the browser hydrating what the server rendered. That screen is what a signed-out shopper with
 * an empty cart sees; the providers bring the stored session and cart in right after it.
 */
export const rendersAsServer =
  typeof document === 'undefined' ||
  document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) === true;

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
