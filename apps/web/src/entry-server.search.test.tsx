import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { makeCategory, makeProduct } from './test/fixtures';
import { fakeStorefrontReads } from './test/storefront-reads';

const garden = makeCategory('Garden');
const kitchen = makeCategory('Kitchen');
const rake = makeProduct('Rake', { category: garden, price: 25 });
const rakeHook = makeProduct('Rake Hook', { category: kitchen, price: 45, quantity: 0 });

/** The page the server renders for `url`, as a browser without scripts shows it. */
async function serverPage(url: string) {
  const page = await render(url, fakeStorefrontReads([garden, kitchen], [rake, rakeHook]));
  const root = document.createElement('div');
  root.innerHTML = page.html;
  return root;
}

const hrefOf = (root: HTMLElement, name: string) =>
  within(root).getByRole('link', { name }).getAttribute('href');

describe('the search page a browser without scripts reads', () => {
  it('when a filtered, sorted search is rendered, then its facets are a GET form that keeps the words and sort, with each choice counted and checked as the URL says, and Apply', async () => {
    const root = await serverPage('/search?keyword=rake&category=garden&sort=price-desc');

    const form = within(root).getByRole('form', { name: 'Filters' });
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    const hidden = [...form.querySelectorAll('input[type="hidden"]')].map((input) => [
      input.getAttribute('name'),
      input.getAttribute('value'),
    ]);
    expect(hidden).toEqual([
      ['keyword', 'rake'],
      ['sort', 'price-desc'],
    ]);
    const garden = within(form).getByRole('checkbox', { name: 'Garden 1' });
    expect(garden).toHaveAttribute('name', 'category');
    expect(garden).toHaveAttribute('value', 'garden');
    expect(garden).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Kitchen 1' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: '$20 to 39 1' })).toHaveAttribute(
      'name',
      'price',
    );
    expect(within(form).getByRole('checkbox', { name: 'In stock 1' })).toHaveAttribute(
      'value',
      'true',
    );
    expect(within(form).getByRole('radio', { name: 'Any rating' })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Apply' })).toHaveAttribute('type', 'submit');
  });

  it('when a filtered search is rendered, then sorting, clearing and opening the phone drawer are links', async () => {
    const root = await serverPage('/search?keyword=rake&category=garden&sort=price-desc');

    const sort = within(root).getByRole('navigation', { name: 'Sort by' });
    expect(hrefOf(sort, 'Relevance')).toBe('/search?keyword=rake&category=garden');
    expect(hrefOf(sort, 'Price: low to high')).toBe(
      '/search?keyword=rake&category=garden&sort=price-asc',
    );
    expect(within(sort).getByRole('link', { name: 'Price: high to low' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(hrefOf(root, 'Clear filters')).toBe('/search?keyword=rake&sort=price-desc');
    expect(within(root).getByRole('button', { name: 'Filters' })).toHaveAttribute(
      'href',
      '#search-filters',
    );
    expect(root.querySelector('.result-count')?.textContent).toBe('Found 1');
  });
});
