import type { Discount } from '@shop/contracts/discount';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, newId, replies } from '../../../test/fixtures';
import {
  api,
  expectProblemsShown,
  findToast,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { DiscountManager } from './DiscountManager';

setupAdminTests();

const LIST = '/api/v1/discounts';
const ONE = '/api/v1/discounts/:id';
const NOW = '2026-11-20T10:00:00.000Z';
const lamp = makeProduct('Desk Lamp');
const books = makeCategory('Books');

const makeDiscount = (over: Partial<Discount> = {}): Discount => ({
  _id: newId(),
  title: 'Welcome',
  code: 'WELCOME10',
  automatic: false,
  kind: 'percentage',
  value: 10,
  buy: null,
  get: null,
  products: [],
  categories: [],
  minSubtotal: null,
  startsAt: null,
  endsAt: null,
  firstOrderOnly: false,
  usageLimit: 5,
  perCustomerLimit: null,
  combinable: false,
  active: true,
  used: 2,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const saved = (discount: Discount, message: string) => ({
  status: 200,
  body: { success: true, message, discount },
});

async function openDiscounts(discounts: Discount[]) {
  api.on('GET', LIST, { status: 200, body: { success: true, discounts } });
  api.on('GET', '/api/v1/product/get-product', replies.allProducts([lamp]));
  api.on('GET', '/api/v1/category/get-category', replies.categories([books]));
  renderScreen(<DiscountManager />);
  await screen.findByRole('heading', { name: 'Discounts' });
  return userEvent.setup();
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    )
    .slice(1);

const form = () => screen.getByRole('form');
const bodiesTo = (method: string) =>
  api.requests.filter((r) => r.method === method && r.url.startsWith(LIST)).map((r) => r.body);

describe('Discounts', () => {
  it('when the screen opens, then each discount shows with what it takes off, its usage and whether it is paused', async () => {
    await openDiscounts([
      makeDiscount(),
      makeDiscount({
        title: 'Spend 50, ship free',
        code: null,
        automatic: true,
        kind: 'free-shipping',
        value: null,
        usageLimit: null,
        used: 7,
        active: false,
      }),
      makeDiscount({ title: 'Fifty off', code: 'FIFTY', kind: 'fixed', value: 50, used: 0 }),
      makeDiscount({
        title: 'Three for two',
        code: 'B2G1',
        kind: 'buy-x-get-y',
        value: null,
        buy: 2,
        get: 1,
      }),
    ]);

    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['Welcome', 'WELCOME10', '10% off', '2 / 5', 'Active'],
      ['Spend 50, ship free', 'Automatic', 'Free shipping', '7 / no limit', 'Paused'],
      ['Fifty off', 'FIFTY', '₹50.00 off', '0 / 5', 'Active'],
      ['Three for two', 'B2G1', 'Buy 2 get 1 free', '2 / 5', 'Active'],
    ]);
    expect(screen.getByRole('button', { name: 'Resume Spend 50, ship free' })).toBeVisible();
  });

  it('when a new code is saved, then every field is sent as the API takes it and the list is read again', async () => {
    const user = await openDiscounts([]);
    expect(await screen.findByText('No discounts yet')).toBeVisible();
    const created = makeDiscount({ used: 0 });
    api.on('POST', LIST, saved(created, 'Discount created'));

    await user.click(screen.getByRole('button', { name: 'New discount' }));
    const fields = within(form());
    await user.type(fields.getByLabelText('Title'), 'Welcome');
    await user.type(fields.getByLabelText('Code'), 'welcome10');
    await user.type(fields.getByLabelText('Percentage'), '10');
    await user.type(fields.getByLabelText('Minimum subtotal'), '120.5');
    await user.type(fields.getByLabelText('Usage limit (orders in all)'), '5');
    await user.type(fields.getByLabelText('Limit per customer'), '1');
    await user.click(fields.getByLabelText('First orders only'));
    await user.click(await fields.findByLabelText('Books'));
    await user.click(await fields.findByLabelText('Desk Lamp'));
    api.on('GET', LIST, { status: 200, body: { success: true, discounts: [created] } });
    await user.click(fields.getByRole('button', { name: 'Save discount' }));

    expect(await findToast('Discount created')).toBeInTheDocument();
    expect(bodiesTo('POST')).toEqual([
      {
        title: 'Welcome',
        code: 'WELCOME10',
        automatic: false,
        kind: 'percentage',
        value: 10,
        buy: null,
        get: null,
        products: [lamp._id],
        categories: [books._id],
        minSubtotal: 120.5,
        startsAt: null,
        endsAt: null,
        firstOrderOnly: true,
        usageLimit: 5,
        perCustomerLimit: 1,
        combinable: false,
        active: true,
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'WELCOME10' })).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('when the form is saved incomplete, then each wrong field says why beside it in the form’s words, a focused summary links to each, and nothing is sent', async () => {
    const user = await openDiscounts([]);
    await user.click(screen.getByRole('button', { name: 'New discount' }));
    const fields = within(form());

    await user.click(fields.getByRole('button', { name: 'Save discount' }));

    await expectProblemsShown([
      { label: 'Title', message: 'Title is required' },
      { label: 'Code', message: 'Code is required, unless the discount is automatic' },
      { label: 'Percentage', message: 'Percentage must be a whole number from 1 to 100' },
    ]);

    await user.type(fields.getByLabelText('Title'), 'Autumn');
    await user.selectOptions(fields.getByLabelText('Kind'), 'Buy X get Y');
    await user.type(fields.getByLabelText('Starts'), '2026-12-02T10:00');
    await user.type(fields.getByLabelText('Ends'), '2026-12-01T10:00');
    await user.type(fields.getByLabelText('Usage limit (orders in all)'), '0');
    await user.click(fields.getByRole('button', { name: 'Save discount' }));

    await expectProblemsShown([
      { label: 'Code', message: 'Code is required, unless the discount is automatic' },
      { label: 'Buy', message: 'Buy and Get free are both required' },
      { label: 'Ends', message: 'Ends must be after Starts' },
      { label: 'Usage limit (orders in all)', message: 'Usage limit must be at least 1' },
    ]);
    expect(fields.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(bodiesTo('POST')).toEqual([]);
  });

  it('when the API refuses the code, then its message is toasted, said beside Code with the summary, and the form stays to be corrected', async () => {
    const user = await openDiscounts([]);
    api.on('POST', LIST, {
      status: 409,
      body: {
        success: false,
        message: 'A discount with the code WELCOME10 already exists',
        errors: [{ field: 'code', message: 'A discount with the code WELCOME10 already exists' }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'New discount' }));
    const fields = within(form());
    await user.type(fields.getByLabelText('Title'), 'Welcome');
    await user.click(fields.getByLabelText('Automatic (applies without a code)'));
    expect(fields.queryByLabelText('Code')).not.toBeInTheDocument();
    await user.click(fields.getByLabelText('Automatic (applies without a code)'));
    await user.type(fields.getByLabelText('Code'), 'WELCOME10');
    await user.type(fields.getByLabelText('Percentage'), '10');
    await user.click(fields.getByRole('button', { name: 'Save discount' }));

    const taken = 'A discount with the code WELCOME10 already exists';
    expect(await findToast(taken)).toBeInTheDocument();
    await expectProblemsShown([{ label: 'Code', message: taken }]);
    expect(fields.getByLabelText('Code')).toHaveValue('WELCOME10');
  });

  it('when a discount is paused, then it is sent back whole with active false', async () => {
    const welcome = makeDiscount({ startsAt: NOW, minSubtotal: 20 });
    const user = await openDiscounts([welcome]);
    api.on('PUT', ONE, ({ body }) =>
      saved({ ...welcome, ...(body as object) }, 'Discount updated'),
    );

    await user.click(await screen.findByRole('button', { name: 'Pause WELCOME10' }));

    expect(await findToast('Discount updated')).toBeInTheDocument();
    const [put] = api.requests.filter((r) => r.method === 'PUT');
    expect(put?.params).toEqual({ id: welcome._id });
    const { _id, used, createdAt, updatedAt, ...input } = welcome;
    expect(put?.body).toEqual({ ...input, active: false });
  });

  it('when a discount is edited, then the form opens filled with it and saving puts the change', async () => {
    const fifty = makeDiscount({
      title: 'Fifty off',
      code: 'FIFTY',
      kind: 'fixed',
      value: 50,
      categories: [books._id],
    });
    const user = await openDiscounts([fifty]);
    api.on('PUT', ONE, saved({ ...fifty, value: 40 }, 'Discount updated'));

    await user.click(await screen.findByRole('button', { name: 'Edit FIFTY' }));
    const fields = within(screen.getByRole('form', { name: 'Edit FIFTY' }));
    expect(fields.getByLabelText('Code')).toHaveValue('FIFTY');
    expect(await fields.findByLabelText('Books')).toBeChecked();
    await user.clear(fields.getByLabelText('Amount'));
    await user.type(fields.getByLabelText('Amount'), '40');
    await user.click(fields.getByRole('button', { name: 'Save discount' }));

    expect(await findToast('Discount updated')).toBeInTheDocument();
    expect(bodiesTo('PUT')).toEqual([
      expect.objectContaining({ code: 'FIFTY', kind: 'fixed', value: 40, categories: [books._id] }),
    ]);
  });

  it('when a discount is deleted after the question, then the API is asked and the list read again', async () => {
    const welcome = makeDiscount();
    const user = await openDiscounts([welcome]);
    api.on('DELETE', ONE, { status: 200, body: { success: true, message: 'Discount deleted' } });

    await user.click(await screen.findByRole('button', { name: 'Delete WELCOME10' }));
    api.on('GET', LIST, { status: 200, body: { success: true, discounts: [] } });
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));

    expect(await findToast('Discount deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No discounts yet')).toBeVisible());
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.params)).toEqual([
      { id: welcome._id },
    ]);
  });
});
