import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred } from '../../test/api-server';
import { makeProduct, replies } from '../../test/fixtures';
import { api, findToast, renderApp, startApi, storedJson } from '../../test/render-app';

const lamp = makeProduct('Desk Lamp', { price: 45 });
const lampShade = makeProduct('Lamp Shade', { price: 15 });

describe('search', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/search', ({ query }) =>
      replies.facetedSearch(query.q === 'lamp' ? [lamp, lampShade] : []),
    );
  });

  async function search(user: ReturnType<typeof renderApp>['user'], keyword: string) {
    await user.type(await screen.findByPlaceholderText('Search'), keyword);
    await user.click(screen.getByRole('button', { name: 'Search' }));
  }

  it('when a keyword is searched, then /search?keyword= shows Found N with cards', async () => {
    const { user, router } = renderApp('/about');
    await search(user, 'lamp');

    expect(await screen.findByText('Found 2')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?keyword=lamp');
    // The title names the words searched, then the store.
    expect(document.title).toBe('Search results - lamp - Ecommerce App');
    const card = screen.getByRole('article', { name: 'Desk Lamp' });
    expect(within(card).getByText(`${lamp.description.substring(0, 30)}...`)).toBeInTheDocument();
    // The box still holds the keyword the results belong to.
    expect(screen.getByPlaceholderText('Search')).toHaveValue('lamp');
  });

  it('when nothing matches, then the page says No Products Found', async () => {
    api.on('GET', '/api/v1/product/product-count', replies.count(1));
    api.on('GET', '/api/v1/product/product-list/1', replies.products([makeProduct('Lamp')]));
    const { user } = renderApp('/');
    await search(user, 'zebra');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
  });

  it('when a result card is used, then ADD TO CART and More Details work as on the home page', async () => {
    const { user, router } = renderApp('/about');
    await search(user, 'lamp');
    const card = await screen.findByRole('article', { name: 'Lamp Shade' });

    await user.click(within(card).getByRole('button', { name: 'ADD TO CART' }));
    expect(await findToast('Item Added to cart')).toBeInTheDocument();
    expect(storedJson('cart')).toEqual([{ ...lampShade, variant: lampShade._id, quantity: 1 }]);

    await user.click(within(card).getByRole('button', { name: 'More Details' }));
    expect(router.state.location.pathname).toBe('/product/lamp-shade');
  });

  it('when the search is on its way, then the Search button is disabled', async () => {
    const slow = deferred();
    api.on('GET', '/api/v1/search', slow.reply);
    const { user } = renderApp('/about');
    await search(user, 'lamp');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    slow.release(replies.facetedSearch([lamp]));
    expect(await screen.findByText('Found 1')).toBeInTheDocument();
  });

  it('when the search fails, then it is only logged and the shopper stays', async () => {
    api.on('GET', '/api/v1/search', 'network-error');
    const { user, router } = renderApp('/about');
    await search(user, 'lamp');
    await screen.findByRole('button', { name: 'Search' });
    expect(router.state.location.pathname).toBe('/about');
    expect(console.error).toHaveBeenCalled();
  });

  it('when the keyword holds a slash or an ampersand, then it travels whole as q', async () => {
    const { user, router } = renderApp('/about');
    await search(user, 'a/b & c');
    await screen.findByText('No Products Found');
    expect(api.requestsTo('GET', '/api/v1/search').map((r) => r.query.q)).toEqual(['a/b & c']);
    expect(router.state.location.search).toBe('?keyword=a%2Fb%20%26%20c');
  });
});

describe('search results page on its own', () => {
  it('when /search opens without a search, then it shows No Products Found', async () => {
    startApi().on('GET', '/api/v1/product/product-count', replies.count(0));
    renderApp('/search');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
  });
});
