import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeCategory,
  makeProduct,
  makeProductInVariants,
  newId,
  replies,
} from '../../../test/fixtures';
import { api, expectLoadFailureShown, renderScreen, setupAdminTests } from '../testing/setup';
import { AdminProducts } from './AdminProducts';
import { PRODUCT_TABLE_TEXTS } from './ProductTable';

setupAdminTests();

const TABLE = '/api/v1/product/admin-products';
const CARDS = '/api/v1/product/get-product';
const COUNT = '/api/v1/product/product-count';

const lamps = makeCategory('Lamps');
const lamp = makeProduct('Desk Lamp', { price: 24.5, quantity: 3, category: lamps });
const tee = makeProductInVariants(
  'Tee',
  [{ name: 'Size', values: ['S', 'M'] }],
  [
    { options: { Size: 'S' }, price: 9, quantity: 4 },
    { options: { Size: 'M' }, price: 11, quantity: 2 },
  ],
);
const heldTee = { ...tee, variants: tee.variants.map((v, i) => ({ ...v, inCheckouts: i + 1 })) };

/** The cells of each row of the table, header row first, as a person reads them. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** The shop has `count` products; the table answers `products` whatever it is asked. */
function aShopOf(count: number, products = [lamp, heldTee]) {
  api.on('GET', COUNT, replies.count(count));
  api.on('GET', '/api/v1/category/get-category', replies.categories([lamps]));
  api.on('GET', TABLE, replies.productPage(products, count));
}

describe('All Products as a table', () => {
  it('when the shop has more products than a page of cards, then the table shows each one’s photo, name, SKU or variants, price, stock, units held and category', async () => {
    aShopOf(21);
    renderScreen(<AdminProducts />);

    expect(screen.getByRole('heading', { name: 'All Products List', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(rowsOf(table)).toEqual([
      ['Product', 'SKU', 'Price', 'Stock', 'In checkouts', 'Category'],
      ['Desk Lamp', 'desk-lamp', '₹24.50', '3', '0', 'Lamps'],
      ['Tee', '2 variants', 'from ₹9.00', '6', '3', 'None'],
    ]);
    const name = within(table).getByRole('link', { name: 'Desk Lamp' });
    expect(name).toHaveAttribute('href', '/dashboard/admin/product/desk-lamp');
    expect(within(name).getByRole('presentation')).toHaveAttribute('alt', '');
    expect(screen.getByText('21 products')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.requestsTo('GET', TABLE)[0]?.query).toEqual({
      page: '1',
      perPage: '20',
      search: '',
      category: '',
      sort: 'newest',
    });
  });

  it('when the admin searches for a SKU, then the table asks for it and shows what matches, from the first page', async () => {
    aShopOf(45);
    api.on('GET', TABLE, ({ query }) =>
      query.search === 'TEE-M' ? replies.productPage([tee], 1) : replies.productPage([lamp], 45),
    );
    renderScreen(<AdminProducts />);
    const user = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Products pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    const search = screen.getByRole('form', { name: 'Product search' });
    await user.type(within(search).getByRole('searchbox', { name: 'Search products' }), ' TEE-M ');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('link', { name: 'Tee' })).toBeVisible();
    expect(screen.getByText('1 product')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', TABLE).at(-1)?.query).toMatchObject({
      page: '1',
      search: 'TEE-M',
    });
  });

  it('when a category and an order are chosen, then the table asks for them at once', async () => {
    aShopOf(30);
    api.on('GET', TABLE, ({ query }) =>
      query.category === lamps._id && query.sort === 'stock'
        ? replies.productPage([tee], 1)
        : replies.productPage([lamp], 30),
    );
    renderScreen(<AdminProducts />);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Desk Lamp' });

    // The categories are a read of their own.
    await screen.findByRole('option', { name: 'Lamps' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Lamps');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Stock, lowest first',
    );

    expect(await screen.findByRole('link', { name: 'Tee' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue(lamps._id);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('stock');
  });

  it('when nothing matches the search, then the table says so', async () => {
    aShopOf(30);
    api.on('GET', TABLE, ({ query }) =>
      query.search === '' ? replies.productPage([lamp], 30) : replies.productPage([], 0),
    );
    renderScreen(<AdminProducts />, `/dashboard/admin?view=table&q=${newId()}`);

    expect(await screen.findByText(PRODUCT_TABLE_TEXTS.noMatch)).toBeVisible();
    expect(screen.getByText('0 products')).toBeVisible();
  });

  it('when the table cannot be read, then the fetching text is toasted and shown in place', async () => {
    aShopOf(30);
    api.on('GET', TABLE, 'network-error');
    renderScreen(<AdminProducts />);

    await expectLoadFailureShown('Something went wrong while fetching products');
  });
});

describe('All Products’ view switch', () => {
  it('when the shop has no more products than a page of cards, then the cards show; Table switches to the table', async () => {
    aShopOf(20);
    api.on('GET', CARDS, replies.allProducts([lamp]));
    renderScreen(<AdminProducts />);
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: /Desk Lamp/ })).toHaveClass(
      'admin-product-card',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Table' }));

    expect(await screen.findByRole('table')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the admin chose the cards, then they show whatever the count', async () => {
    aShopOf(500);
    api.on('GET', CARDS, replies.allProducts([lamp], 500));
    renderScreen(<AdminProducts />, '/dashboard/admin?view=cards');

    const card = await screen.findByRole('link', { name: /Desk Lamp/ });
    expect(card).toHaveClass('admin-product-card');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.requestsTo('GET', TABLE)).toHaveLength(0);
  });
});
