import type { Order } from '@shop/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder, makeUser, newId, replies } from '../../test/fixtures';
import { api, renderApp, startApi, WithStoreSettings } from '../../test/render-app';
import { OrderDetails } from './components/OrderDetails';

/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };
const admin = makeUser({ name: 'Shop Admin', role: 1, staffRole: 'owner' });
const UPS_LINK = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';

/** An order an admin marked Shipped, telling of its shipment as `shipment` does. */
const shipped = (shipment: Pick<Order, 'carrier' | 'trackingNumber' | 'trackingUrl'>): Order =>
  makeOrder({
    number: 1042,
    status: 'Shipped',
    ...shipment,
    timeline: [
      {
        event: 'status',
        status: 'Shipped',
        at: '2026-11-21T09:30:00.000Z',
        by: { _id: admin._id, name: admin.name, role: 'admin' },
        ...(shipment.carrier ? { carrier: shipment.carrier } : {}),
        ...(shipment.trackingNumber ? { trackingNumber: shipment.trackingNumber } : {}),
      },
    ],
  });

const renderDetails = (order: Order) =>
  render(
    <WithStoreSettings>
      <MemoryRouter>
        <OrderDetails order={order} />
      </MemoryRouter>
    </WithStoreSettings>,
  );

describe('the shipment on the order page', () => {
  it('when the order was shipped with UPS and a number, then the carrier shows and the number links to its tracking page; its history says so', () => {
    renderDetails(
      shipped({ carrier: 'UPS', trackingNumber: '1Z 999 AA1 0123456784', trackingUrl: UPS_LINK }),
    );

    const shipment = screen.getByRole('region', { name: 'Shipment' });
    expect(within(shipment).getByText('UPS')).toBeVisible();
    expect(within(shipment).getByRole('link', { name: '1Z 999 AA1 0123456784' })).toHaveAttribute(
      'href',
      UPS_LINK,
    );
    expect(screen.getByRole('list', { name: 'Order history' })).toHaveTextContent(
      'Status set to Shipped (UPS, 1Z 999 AA1 0123456784)',
    );
  });

  it('when the carrier is one the shop has no tracking page for, then the number shows without a link', () => {
    renderDetails(shipped({ carrier: 'Bike Couriers', trackingNumber: 'BC-42' }));

    const shipment = screen.getByRole('region', { name: 'Shipment' });
    expect(within(shipment).getByText('BC-42')).toBeVisible();
    expect(within(shipment).queryByRole('link')).toBeNull();
  });

  it('when the order tells of no shipment, then there is no Shipment section', () => {
    renderDetails(shipped({}));

    expect(screen.queryByRole('heading', { name: 'Shipment' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Order history' })).toHaveTextContent(
      /Status set to Shipped by/,
    );
  });
});

describe('the shipment on a guest’s order page', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/orders/:number/returns', replies.returns([]));
  });

  it('when the guest opens their order’s link, then its tracking number links to the carrier', async () => {
    api.on('GET', '/api/v1/order/guest/:number', {
      status: 200,
      body: {
        success: true,
        message: 'Order #1042',
        order: {
          ...shipped({
            carrier: 'UPS',
            trackingNumber: '1Z 999 AA1 0123456784',
            trackingUrl: UPS_LINK,
          }),
          buyer: null,
          email: 'ada@example.com',
        },
      },
    });
    renderApp(`/orders/1042?key=${newId()}`);

    expect(
      await screen.findByRole('link', { name: '1Z 999 AA1 0123456784' }, PAGE_LOAD),
    ).toHaveAttribute('href', UPS_LINK);
  });
});
