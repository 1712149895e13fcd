import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';

/** What a route's reads are made for: the page's path parameters and query, into a client. */
export interface RouteReadsArgs {
  queryClient: QueryClient;
  params: Params;
  search: URLSearchParams;
}

/**
 * The reads a route declares (its module's `reads` export, beside its screen): what the screen
 * shows before anything is pressed, each made with TanStack Query's `ensureQueryData` (one
 * already in the client is not made again). A read that needs another awaits it (a product's
 * similar products need the product). The server makes a page's reads in process before its one
 * render (entry-server.tsx); they can be listed without rendering (router.tsx, readScreen).
 */
export type RouteReads = (args: RouteReadsArgs) => Promise<unknown>;
