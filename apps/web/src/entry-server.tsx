import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { preloadRoutesFor, routes } from './app/router';

/** What the API renders a storefront page with: its markup, to go inside `#root`. */
export interface ServerPage {
  html: string;
}

const handler = createStaticHandler(routes);

/**
 * Renders the screen at `url` (a path and query) as a signed-out shopper with an empty cart
 * sees it. Every chunk the screen needs is loaded first, so the lazy screens render at once
 * instead of their loading fallbacks.
 */
export async function render(url: string): Promise<ServerPage> {
  const request = new Request(new URL(url, 'http://localhost'));
  await preloadRoutesFor(new URL(request.url).pathname);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`render: ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  return { html };
}
