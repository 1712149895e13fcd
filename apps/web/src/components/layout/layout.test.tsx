import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOAST_LIMIT } from '../../app/providers';
import { makeCategory, makeProduct, makeUser, replies, sessionOf } from '../../test/fixtures';
import { api, renderApp, startApi } from '../../test/render-app';

const books = makeCategory('Books');
const toys = makeCategory('Toys');

describe('layout', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/category/get-category', replies.categories([books, toys]));
  });

  it('when a guest opens a page, then the header has the links, a zero badge, Register and Login', async () => {
    renderApp('/policy');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'All Categories' })).toHaveAttribute(
      'href',
      '/categories',
    );
    expect(within(nav).getByRole('link', { name: 'Cart 0' })).toHaveAttribute('href', '/cart');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByPlaceholderText('Search')).toBeInTheDocument();
  });

  it('when the Categories menu opens, then it lists a link per category', async () => {
    const { user } = renderApp('/policy');
    await user.click(await screen.findByRole('button', { name: 'Categories' }));
    expect(await screen.findByRole('link', { name: 'Books' })).toHaveAttribute(
      'href',
      '/category/books',
    );
    expect(screen.getByRole('link', { name: 'Toys' })).toHaveAttribute('href', '/category/toys');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Books' })).not.toBeInTheDocument();
  });

  it('when the cart holds more than 99 items, then the badge reads 99+', async () => {
    const product = makeProduct('Pebble');
    renderApp('/policy', {
      cart: Array.from({ length: 100 }, () => ({ ...product, quantity: 1 })),
    });
    expect(await screen.findByRole('link', { name: 'Cart 99+' })).toBeInTheDocument();
  });

  it('when an admin is signed in, then Dashboard leads to the admin area', async () => {
    const { user } = renderApp('/policy', {
      auth: sessionOf(makeUser({ name: 'Shop Admin', role: 1 })),
    });
    await user.click(await screen.findByRole('button', { name: 'Shop Admin' }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/admin',
    );
  });

  it('when a normal user is signed in, then Dashboard leads to the user area', async () => {
    const { user } = renderApp('/policy', { auth: sessionOf(makeUser({ name: 'Ann' })) });
    await user.click(await screen.findByRole('button', { name: 'Ann' }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/user',
    );
  });

  it('when a page shows, then the footer has the rights line and its three links', async () => {
    renderApp('/policy');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(/All Rights Reserved © Shop Team/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/policy',
    );
  });

  it("when the store is named, then the header shows its name and every page's title ends with it", async () => {
    api.on('GET', '/api/v1/store', replies.store({ name: 'Newcomer Outfitters' }));
    const { router } = renderApp('/contact');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const brand = await within(nav).findByRole('link', { name: 'Newcomer Outfitters' });
    expect(brand).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Contact us - Newcomer Outfitters'));
    await act(() => router.navigate('/policy'));
    await waitFor(() => expect(document.title).toBe('Privacy Policy - Newcomer Outfitters'));
    expect(screen.queryByText(/Ecommerce App/)).not.toBeInTheDocument();
  });

  it("when a page has no title of its own, then it is titled by the store's name alone", async () => {
    api.on('GET', '/api/v1/store', replies.store({ name: 'Newcomer Outfitters' }));
    // A signed-out shopper at the user area: the guard's countdown, a page of no title.
    renderApp('/dashboard/user');

    expect(await screen.findByText(/redirecting to you in/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Newcomer Outfitters'));
  });

  it('when a page sets its metadata, then title, description, keywords and author are in the head', async () => {
    renderApp('/contact');
    await screen.findByRole('heading', { name: 'CONTACT US' });
    await waitFor(() => expect(document.title).toBe('Contact us - Ecommerce App'));
    const meta = (name: string) =>
      document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
    expect(meta('description')).toBe('How to reach our support team');
    expect(meta('keywords')).toBeTruthy();
    expect(meta('author')).toBeTruthy();
  });

  it('when a toast shows, then it sits top-center above everything, at most 350px wide', async () => {
    renderApp('/policy');
    await screen.findByRole('navigation', { name: 'Main' });
    act(() => {
      toast('hello');
    });
    const message = await screen.findByText('hello');
    const bar = message.parentElement;
    expect(bar).toHaveStyle({ maxWidth: '350px' });
    const container = message.closest('[style*="z-index"]');
    expect(container).toHaveStyle({ zIndex: '9999' });
    expect(message.closest('[style*="justify-content"]')).toHaveStyle({ justifyContent: 'center' });
  });

  it('when more than 20 toasts are raised, then the newest 20 are kept', async () => {
    renderApp('/policy');
    await screen.findByRole('navigation', { name: 'Main' });
    act(() => {
      for (let i = 0; i < TOAST_LIMIT + 5; i += 1) toast(`note ${i}`);
    });
    expect(await screen.findByText('note 24')).toBeInTheDocument();
    expect(screen.getAllByText(/^note \d+$/).length).toBeLessThanOrEqual(TOAST_LIMIT);
    expect(screen.queryByText('note 0')).not.toBeInTheDocument();
  });
});

describe('static pages', () => {
  beforeEach(() => {
    startApi();
  });

  it('when an unknown path opens, then the 404 page offers Go back to /', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('when Contact opens, then it shows the image, the 24x7 line, e-mail, phone and toll-free number', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'CONTACT US' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('width', '480');
    expect(screen.getByText(/24x7/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@ecommerceapp.com' })).toBeInTheDocument();
    expect(screen.getByText(/Phone:/)).toBeInTheDocument();
    expect(screen.getByText(/Toll free:/)).toBeInTheDocument();
  });

  it('when About and Privacy Policy open, then they show their content', async () => {
    const { router } = renderApp('/about');
    expect(await screen.findByRole('img', { name: 'A shopping cart' })).toBeInTheDocument();
    await act(() => router.navigate('/policy'));
    expect(await screen.findByText('privacy')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy Policy - Ecommerce App'));
  });
});
