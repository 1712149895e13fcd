import type { Store } from '@shop/contracts';
import { moneyFormatOf } from '@shop/contracts/money';
import {
  type FirstReads,
  isRefusedRead,
  type RenderPage,
  type StorefrontReads,
} from '@shop/contracts/storefront';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { GivenQueryClient } from './app/query-client-choice';
import { readScreen, routes } from './app/router';
import { HttpError, isHttpError } from './lib/api-client';
import { createQueryClient } from './lib/query';
import { ServerShopper } from './lib/server-rendered';
import { storeQuery } from './lib/store-settings';
import { STOREFRONT_URLS } from './lib/storefront-reads';

const handler = createStaticHandler(routes);

/**
 * The reads the API hands over, with their refusals as the screens know them from the api client
 * (an HttpError carrying the API's status and message), so a refused read shows the same here.
 */
function asTheApiAnswers(reads: StorefrontReads): StorefrontReads {
  const answering =
    <Args extends unknown[], T>(read: (...args: Args) => Promise<T>) =>
    (...args: Args): Promise<T> =>
      read(...args).catch((err: unknown) => {
        if (!isRefusedRead(err)) throw err;
        const data = { success: false, message: err.message };
        const response = { status: err.status, data, headers: new Headers() };
        throw new HttpError(`Request failed with status code ${err.status}`, response);
      });
  return {
    categories: answering(reads.categories),
    productCount: answering(reads.productCount),
    productPage: answering(reads.productPage),
    product: answering(reads.product),
    relatedProducts: answering(reads.relatedProducts),
    facetedSearch: answering(reads.facetedSearch),
    productReviews: answering(reads.productReviews),
    store: answering(reads.store),
  };
}

/** Whether the screen wants the read made now (`enabled`, as TanStack Query reads it). */
function isEnabled(query: Query) {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The reads the render asked for that its routes did not declare (and so nobody made). */
const undeclared = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );

/**
 * Renders the screen at `url` (a path and query) as a signed-out shopper with an empty cart
 * sees it, or, given `shopper`, with that cart and greeting (the cart page): the reads its
 * routes declare are made first, through `reads` (the API's own, in process), then it is
 * rendered once. Those reads go with the markup (TanStack Query's dehydrated state), and the
 * shopper's state too, so the browser that hydrates the page asks for none of them again and
 * starts from the same cart.
 */
export const render: RenderPage = async (url, reads, shopper) => {
  const request = new Request(new URL(url, 'http://localhost'));
  const queryClient = createQueryClient(asTheApiAnswers(reads));
  const [context] = await Promise.all([
    handler.query(request),
    readScreen(queryClient, new URL(request.url)),
  ]);
  if (context instanceof Response) throw new Error(`render: ${url} answered a redirect`);
  const declared = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <ServerShopper.Provider value={shopper ?? { cart: [] }}>
      <GivenQueryClient.Provider value={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </GivenQueryClient.Provider>
    </ServerShopper.Provider>,
  );
  // A screen that reads what its route does not declare would show a spinner the browser then
  // replaces: the page is rendered in the browser instead, and the omission logged by the API.
  const missing = undeclared(queryClient).map((query) => query.queryHash);
  if (missing.length > 0) throw new Error(`render: ${url} reads undeclared ${missing.join(', ')}`);
  // A read the API failed to make (not a refusal) would leave its error on a page kept for the
  // whole revision: the page is rendered in the browser this time instead.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.error && !isHttpError(query.state.error, true));
  if (failed) throw new Error(`render: ${url}: ${failed.state.error?.message}`);
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      declared.has(query.queryHash) && query.state.status === 'success',
  });
  const currency = queryClient.getQueryData<Store>(storeQuery().queryKey)?.currency;
  const money = currency ? (moneyFormatOf(currency) ?? undefined) : undefined;
  return { html, state, ...(shopper ? { shopper } : {}), ...(money ? { money } : {}) };
};

/**
 * Reads that make no request: each notes the URL the browser GETs for it in `asked`, and fails,
 * so that a read that needs its answer (a product's reviews need the product) is not made.
 */
function notedReads(asked: string[]): StorefrontReads {
  const note = (url: string) => {
    asked.push(url);
    return Promise.reject(new Error(`${url}: listed, not read`));
  };
  return {
    categories: () => note(STOREFRONT_URLS.categories),
    productCount: () => note(STOREFRONT_URLS.productCount),
    productPage: (page) => note(STOREFRONT_URLS.productPage(page)),
    product: (slug) => note(STOREFRONT_URLS.product(slug)),
    relatedProducts: (productId, categoryId) =>
      note(STOREFRONT_URLS.relatedProducts(productId, categoryId)),
    facetedSearch: (query) => note(STOREFRONT_URLS.facetedSearch(query)),
    productReviews: (productId, list) => note(STOREFRONT_URLS.productReviews(productId, list)),
    store: () => note(STOREFRONT_URLS.store),
  };
}

/**
 * The URLs the browser GETs first for the screen at `url` (a path and query): the reads its
 * routes declare that need no other read's answer, listed by making them through reads that
 * only note their URL. A page the browser renders preloads these (the API puts them in its head),
 * and the entry then makes the same reads (main.tsx), which take the preloaded answers.
 */
export const firstReads: FirstReads = async (url) => {
  const asked: string[] = [];
  const queryClient = createQueryClient(notedReads(asked), { logFailures: false });
  await readScreen(queryClient, new URL(url, 'http://localhost'));
  return asked;
};
