import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { replies } from '../../../test/fixtures';
import {
  api,
  expectLoadFailureShown,
  expectNoProblemsShown,
  expectProblemsShown,
  findToast,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { TaxRatesForm } from './TaxRatesForm';

setupAdminTests();

const TAX = '/api/v1/tax';
const VAT = [
  { country: 'DE', class: 'standard', rate: 0.19 },
  { country: 'DE', class: 'reduced', rate: 0.07 },
];

async function openRates(rates = VAT) {
  api.on('GET', TAX, replies.taxSettings(rates));
  renderScreen(<TaxRatesForm />, '/dashboard/admin/taxes');
  await screen.findByRole('table', { name: 'Rates by country and class' });
  return userEvent.setup();
}

/** Each row of the table: country, class and percent, as shown in its inputs. */
const shownRates = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((_, i) =>
      ['Country of rate', 'Class of rate', 'Rate of rate'].map((label) =>
        String(
          (screen.getByLabelText(new RegExp(`^${label} ${i + 1}\\b`)) as HTMLInputElement).value,
        ),
      ),
    );

describe('Taxes', () => {
  it('when the rates load, then each shows its country, class and rate in percent, and the class shipping is taxed as', async () => {
    await openRates();

    expect(screen.getByRole('heading', { name: 'Taxes', level: 1 })).toBeVisible();
    expect(shownRates()).toEqual([
      ['DE', 'standard', '19'],
      ['DE', 'reduced', '7'],
    ]);
    expect(screen.getByLabelText('Shipping is taxed as')).toHaveValue('standard');
  });

  it('when the admin adds a rate, removes one and saves, then the whole list goes as decimals and the answer is toasted', async () => {
    const user = await openRates();
    api.on('PUT', TAX, {
      status: 200,
      body: { ...replies.taxSettings(VAT).body, message: 'Tax rates saved' },
    });

    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await user.type(screen.getByLabelText('Country of rate 3'), 'FR');
    await user.clear(screen.getByLabelText('Class of rate 3'));
    await user.type(screen.getByLabelText('Class of rate 3'), 'books');
    await user.type(screen.getByLabelText('Rate of rate 3 in percent'), '5.5');
    await user.click(screen.getByRole('button', { name: 'Remove rate 1' }));
    await user.selectOptions(screen.getByLabelText('Shipping is taxed as'), 'reduced');
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));

    expect(await findToast('Tax rates saved')).toBeInTheDocument();
    const [request] = api.requestsTo('PUT', TAX);
    expect(request?.body).toEqual({
      rates: [
        { country: 'DE', class: 'reduced', rate: 0.07 },
        { country: 'FR', class: 'books', rate: 0.055 },
      ],
      shippingClass: 'reduced',
    });
  });

  it('when rates are wrong in percent, then each row says what beside its field, a focused summary links to each, and nothing is sent', async () => {
    const user = await openRates();

    await user.clear(screen.getByLabelText('Rate of rate 1 in percent'));
    await user.type(screen.getByLabelText('Rate of rate 1 in percent'), '1000');
    await user.clear(screen.getByLabelText('Rate of rate 2 in percent'));
    await user.type(screen.getByLabelText('Rate of rate 2 in percent'), '7.125');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await user.type(screen.getByLabelText('Country of rate 3'), 'XX');
    await user.type(screen.getByLabelText('Rate of rate 3 in percent'), '100');
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));

    await expectProblemsShown([
      { label: 'Rate of rate 1 in percent', message: 'Rate 1: the rate must be at most 100 %' },
      { label: 'Rate of rate 2 in percent', message: 'Rate 2: the rate has at most 2 decimals' },
      {
        label: 'Country of rate 3',
        message: 'Rate 3: the country must be a two-letter code such as DE',
      },
    ]);
    expect(api.requestsTo('PUT', TAX)).toEqual([]);
  });

  it('when a country has two rates of one class, then the second says so', async () => {
    const user = await openRates();

    await user.clear(screen.getByLabelText('Class of rate 2'));
    await user.type(screen.getByLabelText('Class of rate 2'), 'standard');
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));

    await expectProblemsShown([
      { label: 'Class of rate 2', message: 'Rate 2: DE already has a rate of class standard' },
    ]);
  });

  it('when a rate is 100 % with two decimals at most, then it is sent as a decimal', async () => {
    const user = await openRates([]);
    api.on('PUT', TAX, { status: 200, body: { ...replies.taxSettings().body, message: 'Saved' } });

    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await user.type(screen.getByLabelText('Country of rate 1'), 'dk');
    await user.type(screen.getByLabelText('Rate of rate 1 in percent'), '100');
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));

    expect(await findToast('Saved')).toBeInTheDocument();
    expectNoProblemsShown();
    expect(api.requestsTo('PUT', TAX)[0]?.body).toEqual({
      rates: [{ country: 'dk', class: 'standard', rate: 1 }],
      shippingClass: 'standard',
    });
  });

  it('when the server refuses the rates, then its message is toasted and the problems it lists show in percent at their fields', async () => {
    const user = await openRates();
    api.on(
      'PUT',
      TAX,
      replies.invalid([
        { field: 'rates.1.rate', message: 'Rate must be at most 1, that is 100 %' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));

    expect(await findToast('Rate must be at most 1, that is 100 %')).toBeInTheDocument();
    await expectProblemsShown([
      { label: 'Rate of rate 2 in percent', message: 'Rate must be at most 1, that is 100 %' },
    ]);
  });

  it('when the rates cannot be fetched, then a clear text is toasted and shown in place', async () => {
    api.on('GET', TAX, 'network-error');
    renderScreen(<TaxRatesForm />, '/dashboard/admin/taxes');

    await expectLoadFailureShown('Something went wrong while fetching tax rates');
  });
});
