import type { Category, Order, OrderStatus, Product } from '@shop/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeCategory,
  makeOrder,
  makeProduct,
  makeUser,
  replies,
  sessionOf,
} from '../../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../../test/render-app';

/*
 * An admin's writes reach every screen's cached reads in the same tab, without a reload: each
 * write invalidates the reads it changes (see docs/architecture.md, "The web's layers").
 */

const admin = sessionOf(makeUser({ name: 'Shop Admin', role: 1, staffRole: 'owner' }));
/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };

function serveAdmin() {
  startApi();
  api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true } });
}

/** The product as the server keeps it: the writes below change it. */
function serveProduct(saved: { product: Product }) {
  const answer = () => ({
    status: 200,
    body: { success: true, message: 'ok', product: saved.product },
  });
  api.on('GET', '/api/v1/product/product-count', replies.count(1));
  api.on('GET', '/api/v1/product/product-list/1', () => replies.products([saved.product]));
  api.on('GET', `/api/v1/product/get-product/${saved.product.slug}`, answer);
  api.on('GET', '/api/v1/product/get-product', () => replies.allProducts([saved.product]));
  api.on('GET', '/api/v1/product/:productId/reviews', replies.reviews());
  api.on('GET', '/api/v1/product/:productId/reviews/all', replies.reviews());
  api.on('GET', '/api/v1/tax', replies.taxSettings());
  api.on('PUT', `/api/v1/product/update-product/${saved.product._id}`, ({ body }) => {
    const price = Number((body as FormData).get('price'));
    const { product } = saved;
    saved.product = { ...product, price, variants: product.variants.map((v) => ({ ...v, price })) };
    return answer();
  });
}

describe("an admin's writes, seen by the screens of the same tab", () => {
  it('when the admin changes a price, then the home listing and the product page, read a moment before, show the new price', async () => {
    serveAdmin();
    // In a category: the form sends nothing without one.
    const saved = {
      product: makeProduct('Desk Lamp', { price: 20, category: makeCategory('Home') }),
    };
    serveProduct(saved);
    api.on(
      'GET',
      '/api/v1/product/related-product/:productId/:categoryId',
      replies.productPage([]),
    );
    const { slug } = saved.product;
    const { router, user } = renderApp('/', { auth: admin });
    const card = (await screen.findByRole('heading', { name: 'Desk Lamp' })).closest('article');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('₹20.00')).toBeVisible();
    await act(() => router.navigate(`/product/${slug}`));
    expect(await screen.findByText('₹20.00')).toBeVisible();

    await act(() => router.navigate(`/dashboard/admin/product/${slug}`));
    const price = await screen.findByLabelText('Price', {}, PAGE_LOAD);
    await user.clear(price);
    await user.type(price, '35');
    await user.type(screen.getByLabelText('Reason'), 'Dearer');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await findToast('Product Updated Successfully')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'All Products List' }, PAGE_LOAD);

    // Both reads were made less than a minute ago (fresh for 60 s): only the write's
    // invalidation has them asked again.
    await act(() => router.navigate('/'));
    const listed = (await screen.findByRole('heading', { name: 'Desk Lamp' })).closest('article');
    if (!listed) throw new Error('no card');
    expect(await within(listed).findByText('₹35.00')).toBeVisible();
    await act(() => router.navigate(`/product/${slug}`));
    expect(await screen.findByText('₹35.00')).toBeVisible();
    expect(api.requestsTo('GET', '/api/v1/product/product-list/1')).toHaveLength(2);
  });

  it("when the admin creates, renames and deletes categories, then the list, the header's menu and All Categories follow", async () => {
    serveAdmin();
    const categories: Category[] = [makeCategory('Books')];
    api.on('GET', '/api/v1/category/get-category', () => replies.categories([...categories]));
    api.on('POST', '/api/v1/category/create-category', ({ body }) => {
      const category = makeCategory((body as { name: string }).name);
      categories.push(category);
      return { status: 201, body: { success: true, message: 'created', category } };
    });
    api.on('PUT', '/api/v1/category/update-category/:id', ({ params, body }) => {
      const index = categories.findIndex((c) => c._id === params.id);
      const category = { ...(categories[index] as Category), ...(body as { name: string }) };
      categories.splice(index, 1, category);
      return { status: 200, body: { success: true, message: 'updated', category } };
    });
    api.on('DELETE', '/api/v1/category/delete-category/:id', ({ params }) => {
      categories.splice(
        categories.findIndex((c) => c._id === params.id),
        1,
      );
      return { status: 200, body: { success: true, message: 'Categry Deleted Successfully' } };
    });
    const { router, user } = renderApp('/dashboard/admin/create-category', { auth: admin });
    const menu = () => {
      const toggle = screen.getByRole('button', { name: 'Categories' });
      const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      if (!list) throw new Error('no menu');
      return within(list)
        .queryAllByRole('link', { hidden: true })
        .map((link) => link.textContent);
    };
    const rows = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    await screen.findByRole('table', {}, PAGE_LOAD);

    await user.type(screen.getByLabelText('New category name'), 'Garden');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(menu()).toEqual(['Books', 'Garden']));
    expect(rows()).toEqual(['Books', 'Garden']);

    await user.click(screen.getByRole('button', { name: 'Edit Garden' }));
    await user.clear(screen.getByLabelText('Category name'));
    await user.type(screen.getByLabelText('Category name'), 'Yard{Enter}');
    await waitFor(() => expect(menu()).toEqual(['Books', 'Yard']));
    expect(rows()).toEqual(['Books', 'Yard']);

    await user.click(screen.getByRole('button', { name: 'Delete Books' }));
    await waitFor(() => expect(menu()).toEqual(['Yard']));
    expect(rows()).toEqual(['Yard']);

    // The header's menu is closed: the page's links are the only ones shown.
    await act(() => router.navigate('/categories'));
    await screen.findByRole('heading', { name: 'All Categories' }, PAGE_LOAD);
    expect(screen.getByRole('link', { name: 'Yard' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Books' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Garden' })).not.toBeInTheDocument();
  });

  it('when the admin moves an order out of the status All Orders is filtered by, then the list leaves it out and counts one less', async () => {
    serveAdmin();
    const orders: Order[] = [makeOrder(), makeOrder()];
    api.on('GET', '/api/v1/auth/all-orders', ({ query }) =>
      replies.orders(orders.filter((o) => query.status === '' || o.status === query.status)),
    );
    api.on('PUT', '/api/v1/auth/order-status/:id', ({ params, body }) => {
      const index = orders.findIndex((o) => o._id === params.id);
      const order = { ...(orders[index] as Order), ...(body as { status: OrderStatus }) };
      orders.splice(index, 1, order);
      return { status: 200, body: { success: true, message: 'Order status updated', order } };
    });
    const { user } = renderApp('/dashboard/admin/orders?status=Not+Process', { auth: admin });
    expect(await screen.findByText('2 orders', {}, PAGE_LOAD)).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of order 1' }), [
      'Processing',
    ]);
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    expect(await findToast('Order status updated')).toBeInTheDocument();
    expect(await screen.findByText('1 order')).toBeVisible();
    expect(screen.getAllByRole('combobox', { name: /Status of order/ })).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Status of order 1' })).toHaveValue('Not Process');
  });
});
