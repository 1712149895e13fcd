import {
  type Order,
  orderLineAmount,
  orderPriceFigures,
  paymentLabel,
  totalQuantity,
} from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/DataTable';
import { PriceSummary } from '../../../components/PriceSummary';
import { preview } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import { useMoney } from '../../../lib/store-settings';
import { formatOptions, Price, ProductPhoto } from '../../products';
import { UnitsTimesPrice } from './UnitsTimesPrice';
import './OrderTable.css';

const ORDER_LINE_PREVIEW = 30;

/** The summary row's columns: `index` numbers the order, `statusSlot` stands in its status. */
const summaryColumns = (index: number, statusSlot: ReactNode): Column<Order>[] => [
  { header: '#', cell: () => index + 1 },
  { header: 'Status', cell: (order) => statusSlot ?? order.status },
  { header: 'Buyer', cell: (order) => order.buyer?.name ?? 'Deleted user' },
  {
    header: 'Date',
    cell: (order) => (
      <time dateTime={order.createdAt} title={new Date(order.createdAt).toLocaleString()}>
        {relativeTime(order.createdAt)}
      </time>
    ),
  },
  { header: 'Payment', cell: (order) => paymentLabel(order.payment) },
  { header: 'Quantity', cell: (order) => totalQuantity(order.products) },
];

/**
 * One order: its summary row (#, Status, Buyer, Date, Payment, Quantity), then its products and
 * what it cost (subtotal, shipping, tax, total); above them, with `pageOf`, a link to its own page by its number.
 */
export function OrderTable(props: {
  order: Order;
  index: number;
  statusSlot?: ReactNode;
  /** The URL of the order's page, from its number. */
  pageOf?: (number: number) => string;
}) {
  const { order, index, pageOf } = props;
  // In the currency it was paid in, whatever the store's is now.
  const money = useMoney(order.payment.currency);
  return (
    <section className="order" aria-label={`Order ${index + 1}`}>
      {pageOf && order.number !== undefined && (
        <p className="order-link">
          <Link to={pageOf(order.number)}>Order #{order.number}</Link>
        </p>
      )}
      <DataTable
        columns={summaryColumns(index, props.statusSlot)}
        rows={[order]}
        rowKey={(shown) => shown._id}
        scrollLabel={`Order ${index + 1} summary`}
      />
      <ul className="line-list">
        {order.products.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move, and a deleted product leaves no id.
          <li className="line-item" key={`${line.productId?._id ?? line.name}-${i}`}>
            {line.productId ? (
              <ProductPhoto
                productId={line.productId._id}
                name={line.name}
                photo={line.productId.photo}
                size="thumb"
              />
            ) : (
              <div className="photo-missing" aria-hidden="true" />
            )}
            <div>
              <p className="line-name">{line.name}</p>
              {line.variant && Object.keys(line.variant.options).length > 0 && (
                <p className="line-options">
                  {formatOptions(line.variant.options)}{' '}
                  <span className="muted">· SKU {line.variant.sku}</span>
                </p>
              )}
              <p className="muted">
                {line.productId
                  ? preview(line.productId.description, ORDER_LINE_PREVIEW)
                  : 'This product is no longer sold'}
              </p>
              <p>
                Price :{' '}
                <Price value={orderLineAmount(order, line)} currency={order.payment.currency} />
                <UnitsTimesPrice line={line} format={money} />
              </p>
            </div>
          </li>
        ))}
      </ul>
      <PriceSummary
        priced={orderPriceFigures(order)}
        format={money}
        label={`Order ${index + 1} totals`}
      />
    </section>
  );
}
