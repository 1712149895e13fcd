import type { AuthSession } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, StrictMode, useState } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router-dom';
import { expect } from 'vitest';
import { GivenQueryClient } from '../app/query-client-choice';
import { routes } from '../app/router';
import type { CartEntry } from '../lib/cart';
import { createQueryClient } from '../lib/query';
import { storeQuery } from '../lib/store-settings';
import { api } from './api-server';
import { replies } from './fixtures';

export { api, deferred } from './api-server';

/** Starts this test's API from nothing but the categories and the store settings. */
export function startApi() {
  api.reset();
  // Every screen's header asks for the categories; a test about them declares its own answer.
  api.on('GET', '/api/v1/category/get-category', replies.categories([]));
  // Every price is written in the store currency.
  api.on('GET', '/api/v1/store', replies.store());
  // The Store screen edits the owner's read of them.
  api.on('GET', '/api/v1/store/admin', replies.storeAdmin());
  // The header's search box asks for suggestions as the shopper types; a test about them
  // declares its own answer.
  api.on('GET', '/api/v1/search/suggest', replies.suggestions([]));
  return api;
}

/** startApi, and a home page without products: where a sign-in lands. */
export function startApiWithEmptyHome() {
  startApi();
  api.on('GET', '/api/v1/product/product-count', {
    status: 200,
    body: { success: true, total: 0 },
  });
  api.on('GET', '/api/v1/product/product-list/1', {
    status: 200,
    body: { success: true, products: [] },
  });
  return api;
}

/**
 * A component's render with the store settings already read (prices in rupees), as every
 * screen has them once the app's root read them.
 */
export function WithStoreSettings({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    client.setQueryData(storeQuery().queryKey, replies.store().body);
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Each render starts from an empty server-state cache, as a fresh page load does. */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <GivenQueryClient.Provider value={queryClient}>{children}</GivenQueryClient.Provider>
    </QueryClientProvider>
  );
}

/**
 * The whole app at `path` (its query too), with its real routes and providers, starting from what the browser
 * had stored (`auth`, `cart`). With fake timers, pass `advanceTimers` to keep user-event moving;
 * `strict` renders it in React's StrictMode, as main.tsx does, whose effects run twice on mount.
 */
export function renderApp(
  path: string,
  options: {
    auth?: AuthSession;
    cart?: CartEntry[];
    state?: unknown;
    advanceTimers?: (ms: number) => unknown;
    strict?: boolean;
  } = {},
) {
  if (options.auth) window.localStorage.setItem('auth', JSON.stringify(options.auth));
  if (options.cart) window.localStorage.setItem('cart', JSON.stringify(options.cart));
  const router = createMemoryRouter(routes, {
    initialEntries: [{ ...parsePath(path), state: options.state }],
  });
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  );
  const app = (
    <WithQueryClient>
      <RouterProvider router={router} />
    </WithQueryClient>
  );
  render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, user };
}

/** A toast's message (react-hot-toast marks each one as a live region). */
export const findToast = (text: string) =>
  screen.findByText(text, { selector: '[role="status"]' }, { timeout: 3000 });

/** A failed load as the admin meets it: said in place (with Try again) and in a toast. */
export async function expectLoadFailureShown(text: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(await findToast(text)).toBeInTheDocument();
}

export const storedJson = (key: string): unknown => {
  const raw = window.localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
};

/** Captured before any test fakes the clock. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Waits for an assertion to pass, polling on the real clock. For tests that fake setTimeout
 * (Testing Library's own waitFor drains through setTimeout and would stall there).
 */
export async function eventually(assertion: () => void, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await act(() => new Promise((resolve) => realSetTimeout(resolve, 10)));
    }
  }
}
