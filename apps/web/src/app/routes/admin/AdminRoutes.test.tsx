import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, makeUser, replies, sessionOf } from '../../../test/fixtures';
import { api, renderApp, startApi } from '../../../test/render-app';

describe('Admin dashboard', () => {
  it("when an admin opens it, then the Admin Panel menu links every admin screen and the admin's details show", async () => {
    startApi();
    api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true } });
    // The figures are another test's (SalesDashboard): here they are not found.
    api.on('GET', '/api/v1/auth/dashboard', {
      status: 404,
      body: { success: false, message: 'x' },
    });
    // So is two-factor sign-in (features/two-factor).
    api.on('GET', '/api/v1/auth/2fa', { status: 404, body: { success: false, message: 'x' } });
    const admin = makeUser({
      name: 'Shop Admin',
      email: 'admin@shop.test',
      phone: '555-0100',
      role: 1,
      staffRole: 'owner',
    });
    renderApp('/dashboard/admin', { auth: sessionOf(admin) });

    expect(await screen.findByRole('heading', { name: 'Admin Name : Shop Admin' })).toBeVisible();
    expect(screen.getByText('Admin Email : admin@shop.test')).toBeVisible();
    expect(screen.getByText('Admin Contact : 555-0100')).toBeVisible();
    const menu = screen.getByRole('navigation', { name: 'Admin Panel' });
    expect(within(menu).getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Create Category', '/dashboard/admin/create-category'],
      ['Create Product', '/dashboard/admin/create-product'],
      ['Products', '/dashboard/admin/products'],
      ['Import', '/dashboard/admin/import'],
      ['Orders', '/dashboard/admin/orders'],
      ['Returns', '/dashboard/admin/returns'],
      ['Users', '/dashboard/admin/users'],
      ['Shipping', '/dashboard/admin/shipping'],
      ['Taxes', '/dashboard/admin/taxes'],
      ['Store', '/dashboard/admin/store'],
      ['Discounts', '/dashboard/admin/discounts'],
      ['Reviews', '/dashboard/admin/reviews'],
      ['Staff', '/dashboard/admin/staff'],
    ]);
    expect(document.title).toBe('Dashboard - Ecommerce App');
  });

  it.each([
    [
      '/dashboard/admin/create-category',
      'Dashboard - Create Category - Ecommerce App',
      'Manage Category',
    ],
    [
      '/dashboard/admin/create-product',
      'Dashboard - Create Product - Ecommerce App',
      'Create Product',
    ],
    [
      '/dashboard/admin/product/desk-lamp',
      'Dashboard - Update Product - Ecommerce App',
      'Update Product',
    ],
    ['/dashboard/admin/products', 'Dashboard - All Products - Ecommerce App', 'All Products List'],
    ['/dashboard/admin/users', 'Dashboard - All Users - Ecommerce App', 'All Users'],
    ['/dashboard/admin/shipping', 'Dashboard - Shipping - Ecommerce App', 'Shipping'],
    ['/dashboard/admin/taxes', 'Dashboard - Taxes - Ecommerce App', 'Taxes'],
    ['/dashboard/admin/store', 'Dashboard - Store - Ecommerce App', 'Store'],
    ['/dashboard/admin/discounts', 'Dashboard - Discounts - Ecommerce App', 'Discounts'],
    ['/dashboard/admin/reviews', 'Dashboard - Reviews - Ecommerce App', 'Reviews'],
    ['/dashboard/admin/returns', 'Dashboard - Returns - Ecommerce App', 'Returns'],
  ])(
    'when an admin opens %s, then the page is titled %s and headed %s',
    async (path, title, heading) => {
      startApi();
      api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true } });
      const home = makeCategory('Home');
      api.on('GET', '/api/v1/category/get-category', replies.categories([home]));
      api.on('GET', '/api/v1/product/get-product/desk-lamp', {
        status: 200,
        body: {
          success: true,
          message: 'ok',
          product: makeProduct('Desk Lamp', { category: home }),
        },
      });
      api.on('GET', '/api/v1/product/get-product', replies.allProducts([]));
      api.on('GET', '/api/v1/product/product-count', replies.count(0));
      api.on('GET', '/api/v1/reviews', {
        status: 200,
        body: { success: true, reviews: [], total: 0 },
      });
      api.on('GET', '/api/v1/product/:productId/reviews/all', replies.reviews());
      api.on('GET', '/api/v1/auth/all-users', replies.users([]));
      api.on('GET', '/api/v1/tax', replies.taxSettings());
      api.on('GET', '/api/v1/shipping/zones', { status: 200, body: { success: true, zones: [] } });
      api.on('GET', '/api/v1/discounts', { status: 200, body: { success: true, discounts: [] } });
      api.on('GET', '/api/v1/returns', replies.returns([]));
      renderApp(path, { auth: sessionOf(makeUser({ role: 1, staffRole: 'owner' })) });

      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(document.title).toBe(title);
    },
  );
});

describe("the store's name", () => {
  it('when an admin saves a new name in Store, then the header and the title show it at once', async () => {
    startApi();
    api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true } });
    const { user } = renderApp('/dashboard/admin/store', {
      auth: sessionOf(makeUser({ role: 1, staffRole: 'owner' })),
    });
    const name = await screen.findByLabelText('Store name');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Ecommerce App' })).toBeVisible();
    api.on('PUT', '/api/v1/store', replies.store({ name: 'Newcomer Outfitters' }));

    await user.clear(name);
    await user.type(name, 'Newcomer Outfitters');
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));

    expect(await within(nav).findByRole('link', { name: 'Newcomer Outfitters' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Dashboard - Store - Newcomer Outfitters'));
    expect(api.requestsTo('PUT', '/api/v1/store')[0]?.body).toMatchObject({
      name: 'Newcomer Outfitters',
    });
  });
});
