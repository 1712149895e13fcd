import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct, makeUser, replies } from '../../../test/fixtures';
import { AdminProductList } from '../products/AdminProductList';
import { api, renderScreen, setupAdminTests } from '../testing/setup';
import { UsersTable } from '../users/UsersTable';

setupAdminTests();

const USERS = '/api/v1/auth/all-users';
const LIST = '/api/v1/product/get-product';
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('admin lists read one page at a time', () => {
  it('when there are more users than a page, then Next and Previous show the other pages', async () => {
    const ann = makeUser({ name: 'Ann' });
    const bob = makeUser({ name: 'Bob' });
    const total = LIST_DEFAULT_PER_PAGE + 1;
    api.on('GET', USERS, ({ query }) => replies.users(query.page === '2' ? [bob] : [ann], total));
    const user = userEvent.setup();
    renderScreen(<UsersTable />);

    const pages = await screen.findByRole('navigation', { name: 'Users pages' });
    expect(names()).toEqual(['Ann']);
    expect(within(pages).getByText('Page 1 of 2')).toBeVisible();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 2')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Bob' })).toBeVisible();
    expect(names()).toEqual(['Bob']);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('cell', { name: 'Ann' })).toBeVisible();
    expect(api.requestsTo('GET', USERS).map((r) => r.query)).toEqual([
      { page: '1', perPage: String(LIST_DEFAULT_PER_PAGE) },
      { page: '2', perPage: String(LIST_DEFAULT_PER_PAGE) },
      { page: '1', perPage: String(LIST_DEFAULT_PER_PAGE) },
    ]);
  });

  it('when everything fits on one page, then there are no page buttons', async () => {
    api.on('GET', USERS, replies.users([makeUser({ name: 'Ann' })]));
    renderScreen(<UsersTable />);
    await screen.findByRole('cell', { name: 'Ann' });
    expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument();
  });

  it('when the products fill more than a page, then the second page shows the rest', async () => {
    const lamp = makeProduct('Lamp');
    const vase = makeProduct('Vase');
    const total = 2 * LIST_DEFAULT_PER_PAGE;
    api.on('GET', LIST, ({ query }) =>
      replies.allProducts(query.page === '2' ? [vase] : [lamp], total),
    );
    const user = userEvent.setup();
    renderScreen(<AdminProductList />);

    const pages = await screen.findByRole('navigation', { name: 'Products pages' });
    expect(await screen.findByRole('link', { name: /Lamp/ })).toBeVisible();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: /Vase/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Lamp/ })).not.toBeInTheDocument();
  });

  it('when the last page is emptied meanwhile, then the list steps back to the new last page', async () => {
    const ann = makeUser({ name: 'Ann' });
    let total = LIST_DEFAULT_PER_PAGE + 1;
    // A page 2 that someone else's delete empties before it is read.
    const secondPage = () => (total > LIST_DEFAULT_PER_PAGE ? [makeUser()] : []);
    api.on('GET', USERS, ({ query }) =>
      replies.users(query.page === '2' ? secondPage() : [ann], total),
    );
    const user = userEvent.setup();
    renderScreen(<UsersTable />);
    const pages = await screen.findByRole('navigation', { name: 'Users pages' });
    total = LIST_DEFAULT_PER_PAGE;
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('cell', { name: 'Ann' })).toBeVisible();
    expect(api.requestsTo('GET', USERS).map((r) => r.query.page)).toEqual(['1', '2', '1']);
  });
});
