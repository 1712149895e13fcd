import { PRODUCT_PAGE_SIZE, type Product } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred } from '../../test/api-server';
import { makeCategory, makeProduct, replies } from '../../test/fixtures';
import { api, findToast, renderApp, startApi, storedJson } from '../../test/render-app';

const books = makeCategory('Books');
const toys = makeCategory('Toys');
const page1 = Array.from({ length: PRODUCT_PAGE_SIZE }, (_, i) => makeProduct(`Page one ${i}`));
const page2 = [makeProduct('Page two A'), makeProduct('Page two B')];
const cheapBook = makeProduct('Cheap Book', { price: 12, category: books });

function serveShop() {
  startApi();
  api.on('GET', '/api/v1/category/get-category', replies.categories([books, toys]));
  api.on('GET', '/api/v1/product/product-count', replies.count(page1.length + page2.length));
  api.on('GET', '/api/v1/product/product-list/1', replies.products(page1));
  api.on('GET', '/api/v1/product/product-list/2', replies.products(page2));
  api.on('POST', '/api/v1/product/product-filters', replies.productPage([cheapBook]));
}

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const names = (products: Product[]) => products.map((p) => p.name);

describe('home listing', () => {
  beforeEach(() => {
    serveShop();
  });

  it('when the home page opens, then it shows the first page, the filters and the title', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Page one 0' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(names(page1));
    await waitFor(() => expect(document.title).toBe('All Products - Best offers - Ecommerce App'));
    expect(await screen.findByRole('checkbox', { name: 'Books' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.getByRole('radio', { name: '$100 or more' })).toBeInTheDocument();
  });

  it('when the home page opens, then the header and the filters share one categories request', async () => {
    renderApp('/');
    await screen.findByRole('checkbox', { name: 'Books' });
    expect(api.requestsTo('GET', '/api/v1/category/get-category')).toHaveLength(1);
  });

  it('when a card is shown, then it has the 60-character preview, the rupee price and both buttons', async () => {
    renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'Page one 0' })).closest('article');
    if (!card) throw new Error('no card');
    const preview = `${page1[0]?.description.substring(0, 60)}...`;
    expect(within(card).getByText(preview)).toBeInTheDocument();
    expect(within(card).getByText('₹25.00')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'More Details' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });

  it('when Load More is clicked, then it reads Loading..., is disabled, and appends the next page', async () => {
    const slow = deferred();
    api.on('GET', '/api/v1/product/product-list/2', slow.reply);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Load More' }));

    const busy = screen.getByRole('button', { name: 'Loading...' });
    // A link underneath (for browsers without scripts): disabled as a button is, to assistive tech.
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    slow.release(replies.products(page2));

    await screen.findByRole('heading', { name: 'Page two B' });
    expect(cardTitles()).toEqual(names([...page1, ...page2]));
    // Everything counted is now loaded, so the button goes away.
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('when all products fit on the first page, then there is no Load More', async () => {
    api.on('GET', '/api/v1/product/product-count', replies.count(page1.length));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Page one 0' });
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('when a category is checked, then the list is replaced by the filtered result', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('checkbox', { name: 'Books' }));

    await screen.findByRole('heading', { name: 'Cheap Book' });
    expect(cardTitles()).toEqual(['Cheap Book']);
    const [filter] = api.requestsTo('POST', '/api/v1/product/product-filters');
    expect(filter?.body).toEqual({ checked: [books._id], radio: [] });
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('when a price band is chosen with a category, then both are sent as the filter', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('checkbox', { name: 'Books' }));
    await user.click(screen.getByRole('radio', { name: '$20 to 39' }));

    await waitFor(() =>
      expect(api.requestsTo('POST', '/api/v1/product/product-filters').at(-1)?.body).toEqual({
        checked: [books._id],
        radio: [20, 39],
      }),
    );
  });

  it('when the last checked category is unchecked, then the first page is loaded again', async () => {
    const { user } = renderApp('/');
    const books = await screen.findByRole('checkbox', { name: 'Books' });
    await user.click(books);
    await screen.findByRole('heading', { name: 'Cheap Book' });
    await user.click(books);

    await screen.findByRole('heading', { name: 'Page one 0' });
    expect(cardTitles()).toEqual(names(page1));
    expect(api.requestsTo('GET', '/api/v1/product/product-list/1')).toHaveLength(2);
  });

  it('when Reset Filters is clicked, then both filters are cleared and the first page reloads', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('checkbox', { name: 'Toys' }));
    await user.click(screen.getByRole('radio', { name: '$0 to 19' }));
    await screen.findByRole('heading', { name: 'Cheap Book' });

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));

    await screen.findByRole('heading', { name: 'Page one 0' });
    expect(screen.getByRole('checkbox', { name: 'Toys' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '$0 to 19' })).not.toBeChecked();
    expect(cardTitles()).toEqual(names(page1));
  });

  it('when ADD TO CART is clicked, then the product is stored with one unit and the toast says so', async () => {
    const { user } = renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'Page one 0' })).closest('article');
    if (!card) throw new Error('no card');
    await user.click(within(card).getByRole('button', { name: 'ADD TO CART' }));

    expect(await findToast('Item Added to cart')).toBeInTheDocument();
    // Its only variant, whose id is the product's, named so the checkout can send it.
    expect(storedJson('cart')).toEqual([{ ...page1[0], variant: page1[0]?._id, quantity: 1 }]);
    expect(screen.getByRole('link', { name: 'Cart 1' })).toBeInTheDocument();
  });

  it('when a product has no stock, then it says Out of stock and cannot be added', async () => {
    api.on(
      'GET',
      '/api/v1/product/product-list/1',
      replies.products([makeProduct('Sold Out Camera', { quantity: 0 })]),
    );
    renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'Sold Out Camera' })).closest(
      'article',
    );
    if (!card) throw new Error('no card');
    expect(within(card).getByText('Out of stock')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  });

  it('when More Details is clicked, then the product page opens', async () => {
    const { user, router } = renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'Page one 0' })).closest('article');
    if (!card) throw new Error('no card');
    await user.click(within(card).getByRole('button', { name: 'More Details' }));
    expect(router.state.location.pathname).toBe(`/product/${page1[0]?.slug}`);
  });

  it('when the products cannot be loaded, then the page says so and can try again', async () => {
    api.on('GET', '/api/v1/product/product-list/1', 'network-error');
    const { user } = renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while fetching products',
    );

    api.on('GET', '/api/v1/product/product-list/1', replies.products(page1));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Page one 0' })).toBeInTheDocument();
  });

  it('when the categories cannot be loaded, then the toast says so', async () => {
    api.on('GET', '/api/v1/category/get-category', 'network-error');
    renderApp('/');
    expect(await findToast('Something went wrong while fetching categories')).toBeInTheDocument();
  });
});
