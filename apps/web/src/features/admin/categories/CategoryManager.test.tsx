import type { Category } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../test/api-server';
import { makeCategory, replies } from '../../../test/fixtures';
import {
  api,
  expectProblemsShown,
  findToast,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { CategoryManager } from './CategoryManager';

setupAdminTests();

const LIST = '/api/v1/category/get-category';
const CREATE = '/api/v1/category/create-category';

/** The list answers with whatever `categories` holds at the time of the call. */
function serveCategories(categories: Category[]) {
  api.on('GET', LIST, () => replies.categories([...categories]));
}

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

async function openManager(categories: Category[]) {
  serveCategories(categories);
  renderScreen(<CategoryManager />);
  await screen.findByRole('table');
  return userEvent.setup();
}

describe('Manage Category', () => {
  it('when the screen opens, then a loading indicator shows and the categories fill a Name/Actions table', async () => {
    serveCategories([makeCategory('Books'), makeCategory('Toys')]);
    renderScreen(<CategoryManager />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Actions']);
    expect(rowNames()).toEqual(['Books', 'Toys']);
    expect(screen.getByRole('button', { name: 'Edit Books' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Toys' })).toBeVisible();
    expect(screen.getByPlaceholderText('Enter new category')).toHaveAccessibleName(
      'New category name',
    );
  });

  it('when the list cannot be fetched, then the screen toasts the catalogue text and explains in place', async () => {
    api.on('GET', LIST, 'network-error');
    renderScreen(<CategoryManager />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something wwent wrong in getting catgeory',
    );
    // The toast comes from an effect after the text in place: both, once both are there.
    await waitFor(() =>
      expect(screen.getAllByText('Something wwent wrong in getting catgeory')).toHaveLength(2),
    );
  });

  it('when a new name is submitted, then it is posted, toasted as created, the input clears and the list is fetched again', async () => {
    const categories = [makeCategory('Books')];
    const user = await openManager(categories);
    api.on('POST', CREATE, ({ body }) => {
      const created = makeCategory((body as { name: string }).name);
      categories.push(created);
      return {
        status: 201,
        body: { success: true, message: 'new category created', category: created },
      };
    });

    await user.type(screen.getByLabelText('New category name'), 'Garden');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await findToast('Garden is created')).toBeInTheDocument();
    expect(api.requestsTo('POST', CREATE).map((r) => r.body)).toEqual([{ name: 'Garden' }]);
    expect(screen.getByLabelText('New category name')).toHaveValue('');
    await waitFor(() => expect(rowNames()).toEqual(['Books', 'Garden']));
    expect(api.requestsTo('GET', LIST)).toHaveLength(2);
  });

  it('when the server refuses a name, then its message is toasted and the list is not fetched again', async () => {
    const user = await openManager([makeCategory('Books')]);
    api.on('POST', CREATE, replies.refused(409, 'Category Already Exisits'));

    await user.type(screen.getByLabelText('New category name'), 'Books');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await findToast('Category Already Exisits')).toBeInTheDocument();
    expect(screen.getByLabelText('New category name')).toHaveValue('Books');
    expect(api.requestsTo('GET', LIST)).toHaveLength(1);
  });

  it('when an empty name is submitted, then the server decides and a success:false answer shows its message', async () => {
    const user = await openManager([]);
    api.on('POST', CREATE, replies.refused(200, 'Name is required'));

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await findToast('Name is required')).toBeInTheDocument();
    expect(api.requestsTo('POST', CREATE).map((r) => r.body)).toEqual([{ name: '' }]);
  });

  it('when the server refuses an empty name with 400, then its message is toasted, said beside the field and in a focused summary', async () => {
    const user = await openManager([]);
    api.on('POST', CREATE, replies.invalid([{ field: 'name', message: 'Name is required' }]));

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await findToast('Name is required')).toBeInTheDocument();
    await expectProblemsShown([{ label: 'New category name', message: 'Name is required' }]);
  });

  it('when creating fails on the network, then the input form text is toasted', async () => {
    const user = await openManager([]);
    api.on('POST', CREATE, 'network-error');

    await user.type(screen.getByLabelText('New category name'), 'Garden');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await findToast('somthing went wrong in input form')).toBeInTheDocument();
  });

  it('when a create is on its way, then Submit is disabled until the answer arrives', async () => {
    const user = await openManager([]);
    const reply = deferred();
    api.on('POST', CREATE, reply.reply);

    await user.type(screen.getByLabelText('New category name'), 'Garden');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    reply.release(replies.refused(500, 'Internal server error'));
    expect(await findToast('somthing went wrong in input form')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
