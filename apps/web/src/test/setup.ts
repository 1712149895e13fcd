import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetCategories } from '../features/categories';
import { setAuthToken, setTransport } from '../lib/api-client';

// findBy*/waitFor wait for what a person would wait for: on a loaded 2-core machine a lazy
// page or a state set by an effect can take seconds, and a passing wait returns at once.
configure({ asyncUtilTimeout: 10_000 });

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
  window.localStorage.clear();
  setAuthToken('');
  forgetCategories();
  setTransport();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
