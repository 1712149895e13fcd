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
