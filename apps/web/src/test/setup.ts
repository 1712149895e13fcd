import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setAuthToken } from '../lib/api-client';
import { loadSessionReader } from '../lib/auth';
import { loadCartReader } from '../lib/cart';
import { api, server } from './api-server';

// findBy*/waitFor wait for what a person would wait for: on a loaded 2-core machine a lazy
// page or a state set by an effect can take seconds, and a passing wait returns at once.
configure({ asyncUtilTimeout: 10_000 });

// As the entry does before it renders a screen itself: the stored cart and session are read
// through their schemas' chunk.
await Promise.all([loadSessionReader(), loadCartReader()]);

/**
 * A console.error fails the test: React's warnings (a format string and its values) and any
 * library's. The app's own failure logs pass an Error (`console.error(err)`, spec §8: some
 * failures are only logged) and are expected; a test that causes another log on purpose says so
 * with `expectConsoleError(/pattern/)`.
 */
let consoleErrors: string[] = [];
let expectedErrors: RegExp[] = [];
export function expectConsoleError(pattern: RegExp) {
  expectedErrors.push(pattern);
}
beforeEach(() => {
  consoleErrors = [];
  // jsdom does not know the <search> element (browsers do): React warns only there.
  expectedErrors = [/The tag <%s> is unrecognized in this browser.* search$/];
  vi.spyOn(console, 'error').mockImplementation((first?: unknown, ...rest: unknown[]) => {
    if (first instanceof Error && rest.length === 0) return;
    consoleErrors.push([first, ...rest].map(String).join(' '));
  });
});
afterEach(() => {
  const unexpected = consoleErrors.filter((line) => !expectedErrors.some((p) => p.test(line)));
  if (unexpected.length > 0) {
    throw new Error(`console.error during the test:\n${unexpected.join('\n')}`);
  }
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// jsdom lacks both: the toaster asks about reduced motion, the router restores scroll.
beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  toast.remove();
  // A file that renders as the API's server entry does runs with no document (and no storage).
  if (typeof window !== 'undefined') window.localStorage.clear();
  setAuthToken('');
  api.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
