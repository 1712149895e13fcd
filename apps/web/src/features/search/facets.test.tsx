import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategory, makeProductInVariants, replies } from '../../test/fixtures';
import { api, renderApp, startApi } from '../../test/render-app';

const clothes = makeCategory('Clothes');
const tee = makeProductInVariants(
  'Linen Tee',
  [{ name: 'Size', values: ['M', 'L'] }],
  [
    { options: { Size: 'M' }, price: 15, quantity: 2 },
    { options: { Size: 'L' }, price: 15, quantity: 0 },
  ],
  { category: clothes },
);

/** The search page's queries to `GET /search`, as its parameters. */
const searchesAsked = () =>
  api.requestsTo('GET', '/api/v1/search').map(({ query }) => {
    const { page: _page, perPage: _perPage, ...rest } = query;
    return rest;
  });

describe('the search page facets and sort, with scripts', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/search', replies.facetedSearch([tee]));
  });

  it('when a facet value is checked, then the page moves to the URL with it and asks the search with it, from the first page', async () => {
    const { user, router } = renderApp('/search?keyword=tee&page=2');
    const filters = await screen.findByRole('form', { name: 'Filters' });
    // With scripts a choice applies at once: there is nothing to Apply.
    expect(within(filters).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();

    await user.click(within(filters).getByRole('checkbox', { name: 'M 1' }));

    await expect.poll(() => router.state.location.search).toBe('?keyword=tee&option.Size=M');
    await expect.poll(searchesAsked).toContainEqual({ q: 'tee', 'option.Size': 'M' });
    expect(within(filters).getByRole('checkbox', { name: 'M 1' })).toBeChecked();

    await user.click(within(filters).getByRole('checkbox', { name: 'Clothes 1' }));
    await expect
      .poll(() => router.state.location.search)
      .toBe('?keyword=tee&category=clothes&option.Size=M');
  });

  it('when a rating and In stock are chosen, then the URL holds one rating and inStock=true; Clear filters keeps the words and the sort', async () => {
    const { user, router } = renderApp('/search?keyword=tee&sort=price-asc');
    const filters = await screen.findByRole('form', { name: 'Filters' });

    await user.click(within(filters).getByRole('radio', { name: /^3 stars & up/ }));
    await expect.poll(() => router.state.location.search).toContain('rating=3');
    await user.click(within(filters).getByRole('radio', { name: /^4 stars & up/ }));
    await user.click(within(filters).getByRole('checkbox', { name: 'In stock 1' }));
    await expect
      .poll(() => router.state.location.search)
      .toBe('?keyword=tee&inStock=true&rating=4&sort=price-asc');

    await user.click(within(filters).getByRole('link', { name: 'Clear filters' }));
    await expect.poll(() => router.state.location.search).toBe('?keyword=tee&sort=price-asc');
  });

  it('when a sort is chosen, then the URL and the search ask it, and the menu marks it', async () => {
    const { user, router } = renderApp('/search?keyword=tee');
    const sort = await screen.findByRole('navigation', { name: 'Sort by' });
    expect(within(sort).getByRole('link', { name: 'Relevance' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.click(within(sort).getByRole('link', { name: 'Price: high to low' }));

    await expect.poll(() => router.state.location.search).toBe('?keyword=tee&sort=price-desc');
    await expect.poll(searchesAsked).toContainEqual({ q: 'tee', sort: 'price-desc' });
    expect(within(sort).getByRole('link', { name: 'Price: high to low' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('when the Filters button is pressed (a phone), then it says the drawer is open, and Show results closes it', async () => {
    const { user } = renderApp('/search?keyword=tee');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
