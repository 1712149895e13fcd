import type { Category } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
const books = makeCategory('Books');
const toys = makeCategory('Toys');
const UPDATE = `/api/v1/category/update-category/${books._id}`;
const DELETE = `/api/v1/category/delete-category/${books._id}`;

async function openManager(categories: Category[] = [books, toys]) {
  api.on('GET', LIST, () => replies.categories([...categories]));
  renderScreen(<CategoryManager />);
  await screen.findByRole('table');
  return userEvent.setup();
}

describe('Manage Category: rename in the modal', () => {
  it('when Edit is clicked, then a 520px dialog holds the same form with the name prefilled and focused', async () => {
    const user = await openManager();

    await user.click(screen.getByRole('button', { name: 'Edit Books' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ width: '520px' });
    const input = within(dialog).getByLabelText('Category name');
    expect(input).toHaveValue('Books');
    expect(input).toHaveAttribute('placeholder', 'Enter new category');
    expect(input).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['×', 'Submit']);
  });

  it('when the dialog is closed by its button or by Escape, then nothing is sent and focus returns to Edit', async () => {
    const user = await openManager();
    const edit = screen.getByRole('button', { name: 'Edit Books' });

    await user.click(edit);
    await user.type(screen.getByLabelText('Category name'), ' changed');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await user.click(edit);
    expect(screen.getByLabelText('Category name')).toHaveValue('Books');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('when Tab reaches the last control of the dialog, then focus wraps to the first', async () => {
    const user = await openManager();
    await user.click(screen.getByRole('button', { name: 'Edit Books' }));
    const dialog = screen.getByRole('dialog');

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveFocus();
  });

  it('when the new name is saved, then it is put, toasted as updated, the dialog closes, the selection clears and the list is fetched again', async () => {
    const categories = [books, toys];
    const user = await openManager(categories);
    api.on('PUT', UPDATE, ({ body }) => {
      const renamed = { ...books, name: (body as { name: string }).name };
      categories[0] = renamed;
      return { status: 200, body: { success: true, message: 'updated', category: renamed } };
    });

    await user.click(screen.getByRole('button', { name: 'Edit Books' }));
    await user.clear(screen.getByLabelText('Category name'));
    await user.type(screen.getByLabelText('Category name'), 'Novels{Enter}');

    expect(await findToast('Novels is updated')).toBeInTheDocument();
    expect(api.requestsTo('PUT', UPDATE).map((r) => r.body)).toEqual([{ name: 'Novels' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Novels' })).toBeVisible());
    expect(api.requestsTo('GET', LIST)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Edit Toys' }));
    expect(screen.getByLabelText('Category name')).toHaveValue('Toys');
  });

  it('when the server refuses the new name, then its message is toasted and the dialog stays open', async () => {
    const user = await openManager();
    api.on('PUT', UPDATE, {
      status: 409,
      body: {
        success: false,
        message: 'Category Already Exisits',
        errors: [{ field: 'name', message: 'Category Already Exisits' }],
      },
    });

    await user.click(screen.getByRole('button', { name: 'Edit Books' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));

    expect(await findToast('Category Already Exisits')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await expectProblemsShown([{ label: 'Category name', message: 'Category Already Exisits' }]);
    expect(api.requestsTo('GET', LIST)).toHaveLength(1);
  });

  it('when saving the new name fails on the network, then the update text is toasted', async () => {
    const user = await openManager();
    api.on('PUT', UPDATE, 'network-error');

    await user.click(screen.getByRole('button', { name: 'Edit Books' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));

    expect(await findToast('Somtihing went wrong')).toBeInTheDocument();
  });
});

describe('Manage Category: delete', () => {
  it('when Delete is clicked, then the category is deleted, toasted and the list is fetched again', async () => {
    const categories = [books, toys];
    const user = await openManager(categories);
    api.on('DELETE', DELETE, () => {
      categories.splice(0, 1);
      return { status: 200, body: { success: true, message: 'Categry Deleted Successfully' } };
    });

    await user.click(screen.getByRole('button', { name: 'Delete Books' }));

    expect(await findToast('category is deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Books' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('DELETE', DELETE)).toHaveLength(1);
    expect(api.requestsTo('GET', LIST)).toHaveLength(2);
  });

  it('when the server refuses the delete, then its message is toasted', async () => {
    const user = await openManager();
    api.on('DELETE', DELETE, replies.refused(404, 'Category not found'));

    await user.click(screen.getByRole('button', { name: 'Delete Books' }));

    expect(await findToast('Category not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Books' })).toBeEnabled();
  });

  it('when deleting fails on the network, then the change text is toasted', async () => {
    const user = await openManager();
    api.on('DELETE', DELETE, 'network-error');

    await user.click(screen.getByRole('button', { name: 'Delete Books' }));

    expect(await findToast('Somtihing went wrong')).toBeInTheDocument();
  });
});
