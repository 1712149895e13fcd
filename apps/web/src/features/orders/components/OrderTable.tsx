import { type Order, paymentLabel, totalQuantity } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Price } from '../../../components/Price';
import { ProductPhoto } from '../../../components/ProductPhoto';
import { preview } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import { formatOptions } from '../../../lib/variants';
import './OrderTable.css';

const ORDER_LINE_PREVIEW = 30;

/**
 * One order: its summary row (#, Status, Buyer, Date, Payment, Quantity), then its products;
 * above them, with `pageOf`, a link to its own page by its number.
 */
export function OrderTable(props: {
  order: Order;
  index: number;
  statusSlot?: ReactNode;
  /** The URL of the order's page, from its number. */
  pageOf?: (number: number) => string;
}) {
  const { order, index, pageOf } = props;
  return (
    <section className="order" aria-label={`Order ${index + 1}`}>
      {pageOf && order.number !== undefined && (
        <p className="order-link">
          <Link to={pageOf(order.number)}>Order #{order.number}</Link>
        </p>
      )}
      <section
        className="table-scroll"
        aria-label={`Order ${index + 1} summary`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, and a scrolling region must be reachable by keyboard.
        tabIndex={0}
      >
        <table className="table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Status</th>
              <th scope="col">Buyer</th>
              <th scope="col">Date</th>
              <th scope="col">Payment</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{index + 1}</td>
              <td>{props.statusSlot ?? order.status}</td>
              <td>{order.buyer?.name ?? 'Deleted user'}</td>
              <td>
                <time dateTime={order.createdAt} title={new Date(order.createdAt).toLocaleString()}>
                  {relativeTime(order.createdAt)}
                </time>
              </td>
              <td>{paymentLabel(order.payment)}</td>
              <td>{totalQuantity(order.products)}</td>
            </tr>
          </tbody>
        </table>
      </section>
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
                Price : <Price value={line.price} />
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
