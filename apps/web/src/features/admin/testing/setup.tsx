import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, vi } from 'vitest';
import { Toasts } from '../../../app/providers';
import { AuthProvider } from '../../../lib/auth';
import { makeUser, replies, sessionOf } from '../../../test/fixtures';
import { api, startApi, WithQueryClient } from '../../../test/render-app';

import { ADMIN_PATHS } from '../shared/AdminMenu';

export { expectNoProblemsShown, expectProblemsShown } from '../../../test/form-problems';
export { api, expectLoadFailureShown, findToast } from '../../../test/render-app';

/**
 * Every admin test fakes the network, signed in as an owner (who may open every screen); jsdom
 * has no object URLs, which the photo preview uses.
 */
export function setupAdminTests() {
  beforeEach(() => {
    startApi();
    const owner = makeUser({ name: 'Shop Admin', role: 1, staffRole: 'owner' });
    window.localStorage.setItem('auth', JSON.stringify(sessionOf(owner)));
    api.on('GET', '/api/v1/auth/admin-auth', {
      status: 200,
      body: { ok: true, staffRole: 'owner' },
    });
    // The product form offers the shop's tax classes; a test about them answers its own.
    api.on('GET', '/api/v1/tax', replies.taxSettings());
    Object.assign(URL, {
      createObjectURL: vi.fn((file: File) => `blob:preview-${file.name}`),
      revokeObjectURL: vi.fn(),
    });
  });
}

/** The heading the products route shows in tests, to see that a screen navigated there. */
export const PRODUCTS_PAGE = 'Admin products page';

/**
 * One admin component at `url` with the app's toaster and a stand-in for the products list,
 * without the shop's header and providers.
 */
export function renderScreen(ui: ReactElement, url = '/dashboard/admin') {
  return render(
    <WithQueryClient>
      <AuthProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={ADMIN_PATHS.products} element={<h1>{PRODUCTS_PAGE}</h1>} />
            <Route path="*" element={ui} />
          </Routes>
          <Toasts />
        </MemoryRouter>
      </AuthProvider>
    </WithQueryClient>,
  );
}
