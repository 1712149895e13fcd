import { type Order, orderLineAmount, orderPriceFigures, paymentLabel } from '@shop/contracts';
import { countryName } from '@shop/contracts/country';
import { formatMoney } from '@shop/contracts/money';
import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../../components/DataTable';
import { PriceSummary } from '../../../components/PriceSummary';
import { formatOptions, Price } from '../../products';
import { OrderShipment } from './OrderShipment';
import { OrderTimeline } from './OrderTimeline';
import { UnitsTimesPrice } from './UnitsTimesPrice';
import './OrderDetails.css';

type DeliveryAddressView = NonNullable<Order['deliveryAddress']>;

function DeliveryAddress({ address }: { address: DeliveryAddressView }) {
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  // Stored as its ISO code (orders before that, as typed): shown by name.
  const lines = [address.name, address.street, town, countryName(address.country), address.phone];
  return (
    <address>
      {lines.filter(Boolean).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address never move.
        <span key={i} className="address-line">
          {line}
        </span>
      ))}
    </address>
  );
}

type OrderLine = Order['products'][number];

/**
 * An order's lines, in the currency it was paid in; the row's key is its place, since an
 * order's lines never move.
 */
const lineColumns = (order: Order): Column<OrderLine>[] => [
  {
    header: 'Product',
    rowHeader: true,
    cell: (line) => (
      <>
        <span className="line-name">{line.name}</span>
        {line.variant && (
          <span className="muted order-line-variant">
            {Object.keys(line.variant.options).length > 0 &&
              `${formatOptions(line.variant.options)} · `}
            SKU {line.variant.sku}
          </span>
        )}
      </>
    ),
  },
  {
    header: 'Unit price',
    cell: (line) => <Price value={line.price} currency={order.payment.currency} />,
  },
  { header: 'Quantity', cell: (line) => line.quantity },
  {
    header: 'Line total',
    cell: (line) => (
      <>
        <Price value={orderLineAmount(order, line)} currency={order.payment.currency} />
        <UnitsTimesPrice
          line={line}
          format={(amount) => formatMoney(amount, order.payment.currency)}
        />
      </>
    ),
  },
];

/** The account's name; a guest's order (no account) says whose e-mail placed it. */
const buyerOf = (order: Order) =>
  order.buyer?.name ?? (order.email ? `Guest (${order.email})` : 'Deleted user');

/**
 * One order in full: its lines (variant, SKU, unit price paid and quantity), subtotal,
 * shipping, tax and total, where it goes and how (its shipment), its payment, and its history. `statusSlot` replaces the status text
 * (the admin's dropdown).
 */
export function OrderDetails({ order, statusSlot }: { order: Order; statusSlot?: ReactNode }) {
  // Orders placed with a delivery address carry it; earlier ones only the buyer's address.
  const delivery = order.deliveryAddress;
  // Each order in its own currency, whatever the store's is now.
  const { currency } = order.payment;
  return (
    <article className="order-details" aria-label={`Order #${order.number ?? ''}`}>
      <dl className="order-facts">
        <div>
          <dt>Status</dt>
          <dd>{statusSlot ?? order.status}</dd>
        </div>
        <div>
          <dt>Buyer</dt>
          <dd>{buyerOf(order)}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{new Date(order.createdAt).toLocaleString()}</time>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="order-lines">
        <h2 id="order-lines">Items</h2>
        <DataTable
          columns={lineColumns(order)}
          rows={order.products}
          rowKey={(_line, i) => i}
          // A card per line on a phone: a buyer reads their items without scrolling sideways.
          stacked
        />
        <PriceSummary
          priced={orderPriceFigures(order)}
          format={(amount) => formatMoney(amount, currency)}
          label="Order totals"
        />
      </section>

      <section aria-labelledby="order-delivery">
        <h2 id="order-delivery">Delivery address</h2>
        {delivery ? <DeliveryAddress address={delivery} /> : <p>{order.address || '—'}</p>}
      </section>

      <OrderShipment order={order} />

      <section aria-labelledby="order-payment">
        <h2 id="order-payment">Payment</h2>
        <dl className="order-facts">
          <div>
            <dt>Payment</dt>
            <dd>{paymentLabel(order.payment)}</dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd>
              <code>{order.payment.id}</code>
            </dd>
          </div>
          <div>
            <dt>State</dt>
            <dd>{order.payment.status}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="order-history">
        <h2 id="order-history">History</h2>
        <OrderTimeline entries={order.timeline ?? []} />
      </section>
    </article>
  );
}
