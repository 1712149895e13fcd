import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import toast from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { Toasts } from '../../../app/providers';
import { api } from '../../../lib/api-client';
import { ADMIN_PATHS } from '../components/AdminMenu';
import { createFakeServer } from './fake-server';

export const server = createFakeServer();

/** Every admin test starts with an empty fake network, no toasts and a clean document. */
export function setupAdminTests() {
  const realAdapter = api.defaults.adapter;
  beforeEach(() => {
    server.reset();
    api.defaults.adapter = server.adapter;
    // jsdom has neither: the toaster asks about reduced motion, the photo preview needs a URL.
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    URL.createObjectURL = vi.fn((file: Blob) => `blob:preview-${(file as File).name}`);
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    toast.remove();
    api.defaults.adapter = realAdapter;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The heading the products route shows in tests, to see that a screen navigated there. */
export const PRODUCTS_PAGE = 'Admin products page';

/** Renders a screen at `url` with the app's toaster and a stand-in for the products list. */
export function renderScreen(ui: ReactElement, url = '/dashboard/admin') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={ADMIN_PATHS.products} element={<h1>{PRODUCTS_PAGE}</h1>} />
        <Route path="*" element={ui} />
      </Routes>
      <Toasts />
    </MemoryRouter>,
  );
}

/** A toast's message (react-hot-toast marks each one as a polite live region). */
export const findToast = (text: string) => screen.findByText(text, { selector: '[role="status"]' });
