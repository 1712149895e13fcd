import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetCategories } from '../features/categories';
import { setAuthToken, setTransport } from '../lib/api-client';

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
