import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../test/api-server';
import { makeCategory, makeProduct, replies } from '../../test/fixtures';
import { api, renderApp, startApi } from '../../test/render-app';

const books = makeCategory('Books');
const first = [
  makeProduct('Atlas', { category: books }),
  makeProduct('Bible', { category: books }),
];
const second = [makeProduct('Cookbook', { category: books })];
const all = [...first, ...second];

/** Two pages of the same three products, whatever the list: page 2 holds the third. */
const pageOfAll = ({ query }: ApiRequest) => (query.page === '2' ? second : first);

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('storefront lists read page by page', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/category/get-category', replies.categories([books]));
  });

  it('when the home page is filtered, then Load More appends the next page of the result', async () => {
    api.on('GET', '/api/v1/product/product-count', replies.count(40));
    api.on('GET', '/api/v1/product/product-list/1', replies.products([makeProduct('Other')]));
    api.on('POST', '/api/v1/product/product-filters', (request) =>
      replies.productPage(pageOfAll(request), all.length),
    );
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('checkbox', { name: 'Books' }));
    await screen.findByRole('heading', { name: 'Bible' });
    expect(cardTitles()).toEqual(['Atlas', 'Bible']);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByRole('heading', { name: 'Cookbook' });
    expect(cardTitles()).toEqual(['Atlas', 'Bible', 'Cookbook']);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    const sent = api.requestsTo('POST', '/api/v1/product/product-filters');
    expect(sent.map((r) => [r.query.page, r.body])).toEqual([
      ['1', { checked: [books._id], radio: [] }],
      ['2', { checked: [books._id], radio: [] }],
    ]);
  });

  it('when a search matches more than a page, then Found counts them all and Load More adds the rest', async () => {
    api.on('GET', '/api/v1/search', (request) =>
      replies.facetedSearch(pageOfAll(request), all.length),
    );
    const { user } = renderApp('/about');
    await user.type(await screen.findByPlaceholderText('Search'), 'book');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Found 3')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Atlas', 'Bible']);
    // What is typed afterwards does not change what Load More continues.
    await user.type(screen.getByPlaceholderText('Search'), 's');
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    await screen.findByRole('heading', { name: 'Cookbook' });
    expect(cardTitles()).toEqual(['Atlas', 'Bible', 'Cookbook']);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    const asked = api.requestsTo('GET', '/api/v1/search');
    expect(asked.map((r) => [r.query.q, r.query.page])).toEqual([
      ['book', '1'],
      ['book', '2'],
    ]);
  });

  it('when a search link opens (/search?keyword=…&page=2), then its results show from that page, and Load More links to the next', async () => {
    api.on('GET', '/api/v1/search', (request) => replies.facetedSearch(pageOfAll(request), 41));
    renderApp('/search?keyword=book&page=2');

    expect(await screen.findByText('Found 41')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Cookbook']);
    expect(screen.getByPlaceholderText('Search')).toHaveValue('book');
    expect(screen.getByRole('button', { name: 'Load More' })).toHaveAttribute(
      'href',
      '/search?keyword=book&page=3',
    );
    const asked = api.requestsTo('GET', '/api/v1/search');
    expect(asked.map((r) => [r.query.q, r.query.page])).toEqual([['book', '2']]);
  });

  it("when a category's later page opens (?page=2, where Load More links), then it lists from that page", async () => {
    api.on('GET', '/api/v1/search', (request) => replies.facetedSearch(pageOfAll(request), 41));
    renderApp('/category/books?page=2');

    await screen.findByRole('heading', { name: 'Cookbook' });
    expect(cardTitles()).toEqual(['Cookbook']);
    expect(screen.getByRole('button', { name: 'Load More' })).toHaveAttribute(
      'href',
      '/category/books?page=3',
    );
  });

  it('when Load More fails on the search page, then the results stay and it can be tried again', async () => {
    api.on('GET', '/api/v1/search', (request) =>
      request.query.page === '2' ? 'network-error' : replies.facetedSearch(first, all.length),
    );
    const { user } = renderApp('/about');
    await user.type(await screen.findByPlaceholderText('Search'), 'book');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Load More' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while fetching products',
    );
    expect(cardTitles()).toEqual(['Atlas', 'Bible']);
  });

  it('when a category holds more than a page, then N result found counts them all and Load More adds the rest', async () => {
    api.on('GET', '/api/v1/search', (request) =>
      replies.facetedSearch(pageOfAll(request), all.length),
    );
    const { user } = renderApp('/category/books');

    expect(await screen.findByText('3 result found')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Atlas', 'Bible']);
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    await screen.findByRole('heading', { name: 'Cookbook' });
    expect(cardTitles()).toEqual(['Atlas', 'Bible', 'Cookbook']);
    expect(screen.getByText('3 result found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });
});
