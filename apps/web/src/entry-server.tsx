import type { RenderPage } from '@shop/contracts/storefront';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { GivenQueryClient } from './app/query-client-choice';
import { preloadRoutesFor, routes } from './app/router';
import { isHttpError, sendThrough } from './lib/api-client';
import { createQueryClient } from './lib/query';

/**
 * A page whose data asks for more data (a product's similar products need the product) is
 * rendered again with what it asked for; this many renders at most.
 */
const MAX_RENDERS = 4;

const handler = createStaticHandler(routes);

/** Whether the screen wants the read made now (`enabled`, as TanStack Query reads it). */
function isEnabled(query: Query) {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The reads the render asked for and nobody has answered yet; not those it keeps for later (the
 * home page's filtered listing, made only once a filter is chosen).
 */
const unanswered = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );

/**
 * Renders the screen at `url` (a path and query) as a signed-out shopper with an empty cart
 * sees it, with the data it reads: it is rendered, the reads it asked for are made through
 * `get` (the API's own answers), and it is rendered again until it asks for nothing new. The
 * reads go with the markup (TanStack Query's dehydrated state), so the browser that hydrates
 * the page asks for none of them again. Every chunk of the screen is loaded first, so that the
 * lazy screens render at once instead of their loading fallbacks.
 */
export const render: RenderPage = async (url, get) => {
  sendThrough(async (path, { method }) => {
    if (method !== 'get') throw new Error(`render: a ${method} of ${path} is not a read`);
    const { status, body, headers } = await get(path);
    return { status, data: body, headers: new Headers(headers) };
  });
  const request = new Request(new URL(url, 'http://localhost'));
  await preloadRoutesFor(new URL(request.url).pathname);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`render: ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const screen = () =>
    renderToString(
      <GivenQueryClient.Provider value={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </GivenQueryClient.Provider>,
    );
  let html = screen();
  for (let renders = 1; renders < MAX_RENDERS; renders += 1) {
    const reads = unanswered(queryClient);
    if (reads.length === 0) break;
    // A failed read stays failed: the screen shows it as the browser would, and asks again.
    await Promise.all(reads.map((query) => query.fetch().catch(() => undefined)));
    html = screen();
  }
  // A read the API never answered would leave its error on a page kept for the whole revision:
  // the page is rendered in the browser this time instead (the API then tries again).
  const unanswerable = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.error && !isHttpError(query.state.error, true));
  if (unanswerable) throw new Error(`render: ${url}: ${unanswerable.state.error?.message}`);
  return { html, state: dehydrate(queryClient) };
};
