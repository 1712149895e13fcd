import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useMoney } from '../../../lib/store-settings';
import { replies } from '../../../test/fixtures';
import {
  api,
  expectLoadFailureShown,
  expectProblemsShown,
  findToast,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { STORE_TEXTS, StoreSettingsForm } from './StoreSettingsForm';

setupAdminTests();

const STORE = '/api/v1/store';
const STORE_ADMIN = '/api/v1/store/admin';
const CORNER_SHOP = {
  name: 'Corner Shop',
  currency: 'eur',
  pricesIncludeTax: true,
  country: 'DE',
  returnWindowDays: 14,
  staffTwoFactorRequired: true,
  supportRefundLimit: 50,
};

/** A price as any other screen shows it, in the store currency. */
function LampPrice() {
  const money = useMoney();
  return <p>Lamp at {money(19.99)}</p>;
}

async function openStore() {
  api.on('GET', STORE_ADMIN, replies.storeAdmin());
  renderScreen(
    <>
      <StoreSettingsForm />
      <LampPrice />
    </>,
    '/dashboard/admin/store',
  );
  await screen.findByRole('button', { name: 'Save store settings' });
  return userEvent.setup();
}

describe('Store', () => {
  it('when the settings load, then the name, the currency by code and name, the tax choice and the country by name show', async () => {
    await openStore();

    expect(screen.getByRole('heading', { name: 'Store', level: 1 })).toBeVisible();
    expect(screen.getByLabelText('Store name')).toHaveValue('Ecommerce App');
    expect(screen.getByLabelText('Currency')).toHaveDisplayValue('INR – Indian Rupee');
    expect(screen.getByRole('option', { name: 'JPY – Japanese Yen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Entered prices include tax')).not.toBeChecked();
    expect(screen.getByLabelText('Country')).toHaveDisplayValue('India');
    expect(screen.getByRole('option', { name: 'Germany' })).toBeInTheDocument();
    expect(screen.getByLabelText('Return window (days)')).toHaveValue(30);
    expect(screen.getByLabelText('Largest refund support may give (INR)')).toHaveValue(0);
    expect(screen.getByLabelText('Staff must use two-factor sign-in')).not.toBeChecked();
  });

  it('when the admin edits every field and saves, then the settings go whole, the save is toasted and every price shows the new currency', async () => {
    const user = await openStore();
    expect(screen.getByText('Lamp at ₹19.99')).toBeVisible();
    api.on('PUT', STORE, replies.storeAdmin(CORNER_SHOP));

    await user.clear(screen.getByLabelText('Store name'));
    await user.type(screen.getByLabelText('Store name'), 'Corner Shop');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR – Euro');
    await user.click(screen.getByLabelText('Entered prices include tax'));
    await user.selectOptions(screen.getByLabelText('Country'), 'Germany');
    await user.clear(screen.getByLabelText('Return window (days)'));
    await user.type(screen.getByLabelText('Return window (days)'), '14');
    const refundLimit = screen.getByLabelText('Largest refund support may give (EUR)');
    await user.clear(refundLimit);
    await user.type(refundLimit, '50');
    await user.click(screen.getByLabelText('Staff must use two-factor sign-in'));
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));

    expect(await findToast(STORE_TEXTS.saved)).toBeInTheDocument();
    expect(api.requestsTo('PUT', STORE).map((request) => request.body)).toEqual([CORNER_SHOP]);
    expect(screen.getByText('Lamp at €19.99')).toBeVisible();
    expect(screen.getByLabelText('Currency')).toHaveDisplayValue('EUR – Euro');
    expect(screen.getByLabelText('Largest refund support may give (EUR)')).toHaveValue(50);
  });

  it('when the support refund limit is negative, then it says so beside the field and nothing is sent', async () => {
    const user = await openStore();
    const field = screen.getByLabelText('Largest refund support may give (INR)');

    await user.clear(field);
    await user.type(field, '-5');
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));

    await expectProblemsShown([
      {
        label: 'Largest refund support may give (INR)',
        message: 'supportRefundLimit must be 0 or more',
      },
    ]);
    expect(api.requestsTo('PUT', STORE)).toEqual([]);
  });

  it('when the server refuses the currency, then its message is toasted and prices keep the old currency', async () => {
    const user = await openStore();
    const locked =
      'The currency can change only to one with as many decimals while the shop has products, orders or shipping rates: their amounts are kept in its minor unit';
    api.on('PUT', STORE, {
      status: 409,
      body: { success: false, message: locked, errors: [{ field: 'currency', message: locked }] },
    });

    await user.selectOptions(screen.getByLabelText('Currency'), 'JPY – Japanese Yen');
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));

    expect(await findToast(locked)).toBeInTheDocument();
    await expectProblemsShown([{ label: 'Currency', message: locked }]);
    expect(api.requestsTo('PUT', STORE)[0]?.body).toMatchObject({ currency: 'jpy' });
    expect(screen.getByText('Lamp at ₹19.99')).toBeVisible();
  });

  it('when the name is empty, then it says so beside the field and in a focused summary, and nothing is sent', async () => {
    const user = await openStore();

    await user.clear(screen.getByLabelText('Store name'));
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));

    await expectProblemsShown([{ label: 'Store name', message: 'Store name is required' }]);
    expect(api.requestsTo('PUT', STORE)).toEqual([]);
  });

  it('when the return window is past 365 days or empty, then it says so beside the field and nothing is sent', async () => {
    const user = await openStore();
    const field = screen.getByLabelText('Return window (days)');

    await user.clear(field);
    await user.type(field, '400');
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));
    await expectProblemsShown([
      { label: 'Return window (days)', message: 'returnWindowDays must be at most 365' },
    ]);
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));
    await expectProblemsShown([
      { label: 'Return window (days)', message: 'returnWindowDays must be a number' },
    ]);
    expect(api.requestsTo('PUT', STORE)).toEqual([]);
  });

  it('when the settings cannot be fetched, then a clear text is toasted and shown in place', async () => {
    api.on('GET', STORE_ADMIN, 'network-error');
    renderScreen(<StoreSettingsForm />, '/dashboard/admin/store');

    await expectLoadFailureShown(STORE_TEXTS.loadFailed);
  });
});
