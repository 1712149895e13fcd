import type { ShippingZone } from '@shop/contracts/shipping';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newId, replies } from '../../../test/fixtures';
import {
  api,
  expectLoadFailureShown,
  expectProblemsShown,
  findToast,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { ShippingZonesForm } from './ShippingZonesForm';

setupAdminTests();

const ZONES = '/api/v1/shipping/zones';

const EUROPE: ShippingZone = {
  _id: newId(),
  name: 'Europe',
  countries: ['DE', 'FR'],
  restOfWorld: false,
  methods: [
    {
      _id: newId(),
      name: 'Standard',
      rate: { kind: 'flat', price: 4.9 },
      freeOver: 50,
      minDays: 2,
      maxDays: 4,
    },
    {
      _id: newId(),
      name: 'Courier',
      rate: { kind: 'weight', tiers: [{ upToGrams: 1000, price: 7.5 }] },
      minDays: 1,
      maxDays: 1,
    },
  ],
};

const saved = (zones: ShippingZone[]) => ({
  status: 200,
  body: { success: true, message: 'Shipping zones saved', zones },
});

async function openZones(zones: ShippingZone[] = [EUROPE]) {
  api.on('GET', ZONES, { status: 200, body: { success: true, zones } });
  renderScreen(<ShippingZonesForm />, '/dashboard/admin/shipping');
  await screen.findByRole('button', { name: 'Save shipping zones' });
  return userEvent.setup();
}

const { _id: _zoneId, ...europeWithoutId } = EUROPE;

describe('Shipping', () => {
  it('when the zones load, then each shows its name, countries and methods, and saving them unchanged sends them back as they came', async () => {
    const user = await openZones();
    api.on('PUT', ZONES, saved([EUROPE]));

    const zone = screen.getByRole('group', { name: 'Zone 1' });
    expect(within(zone).getByLabelText('Zone name')).toHaveValue('Europe');
    expect(within(zone).getByLabelText('Countries (two-letter codes, e.g. DE, FR)')).toHaveValue(
      'DE, FR',
    );
    const courier = screen.getByRole('group', { name: 'Method 2 of Zone 1' });
    expect(within(courier).getByLabelText('Priced')).toHaveValue('weight');
    expect(within(courier).getByLabelText('Bound of tier 1')).toHaveValue(1000);
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    expect(await findToast('Shipping zones saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT', ZONES)[0]?.body).toEqual({ zones: [EUROPE] });
  });

  it('when the admin adds a zone for the rest of the world with a rate by subtotal, then it is sent without an id beside the others', async () => {
    const user = await openZones();
    api.on('PUT', ZONES, saved([EUROPE]));

    await user.click(screen.getByRole('button', { name: 'Add zone' }));
    const zone = screen.getByRole('group', { name: 'Zone 2' });
    await user.type(within(zone).getByLabelText('Zone name'), 'World');
    await user.click(within(zone).getByLabelText(/rest of the world/));
    const method = within(zone).getByRole('group', { name: 'Method 1 of Zone 2' });
    await user.type(within(method).getByLabelText('Method name'), 'Air mail');
    await user.selectOptions(within(method).getByLabelText('Priced'), 'subtotal');
    await user.type(within(method).getByLabelText('Bound of tier 1'), '100');
    await user.type(within(method).getByLabelText('Price of tier 1'), '25');
    await user.click(within(method).getByRole('button', { name: 'Add tier' }));
    await user.type(within(method).getByLabelText('Bound of tier 2'), '1000');
    await user.type(within(method).getByLabelText('Price of tier 2'), '40.05');
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    expect(await findToast('Shipping zones saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT', ZONES)[0]?.body).toEqual({
      zones: [
        EUROPE,
        {
          name: 'World',
          countries: [],
          restOfWorld: true,
          methods: [
            {
              name: 'Air mail',
              rate: {
                kind: 'subtotal',
                tiers: [
                  { upTo: 100, price: 25 },
                  { upTo: 1000, price: 40.05 },
                ],
              },
              minDays: 1,
              maxDays: 3,
            },
          ],
        },
      ],
    });
  });

  it('when the admin removes a zone and saves, then the list goes without it', async () => {
    const user = await openZones([
      EUROPE,
      { ...europeWithoutId, _id: newId(), name: 'Asia', countries: ['JP'] },
    ]);
    api.on('PUT', ZONES, saved([EUROPE]));

    const asia = screen.getByRole('group', { name: 'Zone 2' });
    await user.click(within(asia).getByRole('button', { name: 'Remove zone' }));
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    expect(await findToast('Shipping zones saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT', ZONES)[0]?.body).toEqual({ zones: [EUROPE] });
  });

  it('when three fields are wrong, then each says so beside it naming its zone and method, a focused summary links to each, and nothing is sent', async () => {
    const user = await openZones();
    const zone = screen.getByRole('group', { name: 'Zone 1' });
    const standard = screen.getByRole('group', { name: 'Method 1 of Zone 1' });
    const courier = screen.getByRole('group', { name: 'Method 2 of Zone 1' });

    await user.type(within(zone).getByLabelText(/^Countries/), ', USA');
    await user.clear(within(standard).getByLabelText('Price'));
    await user.type(within(standard).getByLabelText('Price'), '2000000');
    await user.clear(within(courier).getByLabelText('Method name'));
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    await expectProblemsShown([
      {
        label: /^Countries/,
        in: zone,
        message: 'Zone "Europe": USA is not a two-letter country code such as DE',
      },
      {
        label: 'Price',
        in: standard,
        message: 'Zone "Europe", method "Standard": the price must be at most 1,000,000',
      },
      {
        label: 'Method name',
        in: screen.getByRole('group', { name: 'Method 2 of Zone 1' }),
        message: 'Zone "Europe", method 2: the name is required',
      },
    ]);
    expect(api.requestsTo('PUT', ZONES)).toEqual([]);
  });

  it('when tiers are out of order, then the tier that is not above the one before says so', async () => {
    const user = await openZones();
    const courier = screen.getByRole('group', { name: 'Method 2 of Zone 1' });

    await user.click(within(courier).getByRole('button', { name: 'Add tier' }));
    await user.type(within(courier).getByLabelText('Bound of tier 2'), '500');
    await user.type(within(courier).getByLabelText('Price of tier 2'), '9');
    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    await expectProblemsShown([
      {
        label: 'Bound of tier 2',
        in: courier,
        message:
          'Zone "Europe", method "Courier": the bound of tier 2 must be above that of tier 1',
      },
    ]);
  });

  it('when the server refuses the zones, then its message is toasted and the problems it lists show at their fields', async () => {
    const user = await openZones();
    api.on(
      'PUT',
      ZONES,
      replies.invalid([
        {
          field: 'zones.0.methods.1.rate.tiers.0.price',
          message: 'Zone "Europe", method "Courier": 7.505 has more decimals than USD has',
        },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Save shipping zones' }));

    expect(
      await findToast('Zone "Europe", method "Courier": 7.505 has more decimals than USD has'),
    ).toBeInTheDocument();
    await expectProblemsShown([
      {
        label: 'Price of tier 1',
        in: screen.getByRole('group', { name: 'Method 2 of Zone 1' }),
        message: 'Zone "Europe", method "Courier": 7.505 has more decimals than USD has',
      },
    ]);
  });

  it('when the zones cannot be fetched, then a clear text is toasted and shown in place', async () => {
    api.on('GET', ZONES, 'network-error');
    renderScreen(<ShippingZonesForm />, '/dashboard/admin/shipping');

    await expectLoadFailureShown('Something went wrong while fetching shipping zones');
  });
});
