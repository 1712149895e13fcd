import { existsSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage, ServerRenderedPage } from '@shop/contracts/storefront';
import type { Request } from 'express';

/** Renders the page at `url` for `req`, the request that asked for it. */
export type RenderScreen = (url: string, req: Request) => Promise<ServerRenderedPage>;

/** Where `vite build --ssr` puts the web's server entry, beside the SPA's dist. */
export const serverEntryOf = (webDist: string) =>
  join(webDist, '..', 'dist-ssr', 'entry-server.js');

/**
 * A GET of this server's own. A failed one (a kept-alive connection the server closed just as
 * it was taken, under load) is tried once more by the caller.
 */
const getOnce = (url: URL) => fetch(url, { headers: { accept: 'application/json' } });

/** This server as the request reached it: its own address and port, whatever `HOST` is. */
function ownOrigin(req: Request) {
  const { localAddress = '127.0.0.1', localPort } = req.socket;
  return `http://${isIPv6(localAddress) ? `[${localAddress}]` : localAddress}:${localPort}`;
}

/**
 * Renders storefront pages with the web's server entry, which asks this API for its data over
 * the connection's own address: the very answers a browser would get, from the in-process
 * catalogue (no database read), made once per catalogue revision with the page. Undefined when
 * the web was built without its server entry: pages are then rendered in the browser alone.
 */
export function serverRenderer(webDist: string): RenderScreen | undefined {
  const entry = serverEntryOf(webDist);
  if (!existsSync(entry)) return undefined;
  let loading: Promise<RenderPage> | undefined;
  return async (url, req) => {
    loading ??= import(pathToFileURL(entry).href).then((module) => module.render as RenderPage);
    const render = await loading;
    const origin = ownOrigin(req);
    return render(url, async (path) => {
      const res = await getOnce(new URL(path, origin)).catch(() => getOnce(new URL(path, origin)));
      const body: unknown = await res.json().catch(() => undefined);
      return { status: res.status, body, headers: Object.fromEntries(res.headers) };
    });
  };
}
