import {
  deliveryAddressLines,
  formatMinorUnits,
  formatMoney,
  type Order,
  type OrderStatus,
  orderLineAmount,
  orderPriceFigures,
  priceSummary,
  unitsTimesPrice,
} from '@shop/contracts';
import type { ReturnStatus } from '@shop/contracts/returns';
import { trackingUrlOf } from '@shop/contracts/tracking';
import escapeHtml from 'escape-html';
import type { Shipment } from './order.js';

/** An e-mail to the buyer, in both forms every mail client reads. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * What an order's e-mail tells of it: its placement, its new status (with the shipment the
 * admin told of, for `Shipped`), a refund, its cancellation, or a step of a return of it.
 */
export type OrderNews =
  | { kind: 'placed' }
  | { kind: 'status'; status: OrderStatus; shipment: Shipment }
  | { kind: 'cancelled' }
  /** Some of its money given back: `amount` formatted in the order's currency. */
  | { kind: 'refunded'; amount: string }
  | { kind: 'return'; status: ReturnStatus };

/** What the e-mail of each step of a return says, of the order labelled `label`. */
const RETURN_SAYS: Record<ReturnStatus, (label: string) => string> = {
  requested: (label) => `We have your request to return items of your order ${label}.`,
  approved: (label) =>
    `Your return of items of order ${label} is approved: please send them back to us.`,
  rejected: (label) => `We could not accept your return of items of order ${label}.`,
  received: (label) => `We received the items you returned from your order ${label}.`,
  refunded: (label) => `The items you returned from your order ${label} were refunded to you.`,
  closed: (label) => `Your return of items of order ${label} is closed.`,
};

/** How the buyer follows the shipment: its carrier, its number, and its link for a known carrier. */
function trackingOf(news: OrderNews) {
  if (news.kind !== 'status') return [];
  const { carrier, trackingNumber } = news.shipment;
  const url = trackingUrlOf(carrier, trackingNumber);
  return [
    ...(carrier ? [{ label: 'Carrier', text: carrier }] : []),
    ...(trackingNumber ? [{ label: 'Tracking number', text: trackingNumber }] : []),
    ...(url ? [{ label: 'Track your parcel', text: url, href: url }] : []),
  ];
}

/** `Lamp (Size: S)` for a line of a variant with options. */
const lineName = (line: Order['products'][number]) => {
  const options = Object.entries(line.variant?.options ?? {}).map(([k, v]) => `${k}: ${v}`);
  return options.length > 0 ? `${line.name} (${options.join(', ')})` : line.name;
};

/** What the e-mail says of the news, in one sentence; and its subject. */
function headline(news: OrderNews, order: Order, label: string, total: string) {
  switch (news.kind) {
    case 'placed':
      return { subject: `Order ${label} placed`, says: `Thank you for your order ${label}.` };
    case 'status':
      return {
        subject: `Order ${label}: ${news.status}`,
        says: `The status of your order ${label} is now: ${news.status}.`,
      };
    case 'refunded':
      return {
        subject: `Order ${label}: ${news.amount} refunded`,
        says: `${news.amount} of your payment for order ${label} was refunded to you.`,
      };
    case 'return':
      return {
        subject: `Order ${label}: return ${news.status}`,
        says: RETURN_SAYS[news.status](label),
      };
    case 'cancelled':
      return {
        subject: `Order ${label} cancelled`,
        says: order.payment.success
          ? `Your order ${label} was cancelled and your payment of ${total} refunded.`
          : `Your order ${label} was cancelled; your card was not charged.`,
      };
  }
}

/**
 * The e-mail telling the buyer `news` of `order` (as it is now), with the link that opens the
 * order without signing in when it has one.
 */
export function renderMail(
  news: OrderNews,
  order: Order,
  buyerName: string,
  orderLink?: string,
): RenderedMail {
  const label = `#${order.number ?? order._id}`;
  // In the currency it was paid in, whatever the store's is now.
  const currency = order.payment.currency;
  const total = formatMinorUnits(order.payment.amount, currency);
  const { subject, says } = headline(news, order, label, total);
  const tracking = trackingOf(news);
  const lines = order.products.map((line) => ({
    name: lineName(line),
    quantity: line.quantity,
    amount: formatMoney(orderLineAmount(order, line), currency),
    // Several units: what one cost, beside the line's amount.
    perUnit:
      line.quantity > 1 ? unitsTimesPrice(line.quantity, formatMoney(line.price, currency)) : null,
  }));
  const figures = priceSummary(orderPriceFigures(order)).map(({ label, amount }) => ({
    label,
    amount: formatMoney(amount, currency),
  }));
  // Orders placed before checkout asked for a delivery address show the account's address.
  const address = order.deliveryAddress
    ? deliveryAddressLines(order.deliveryAddress)
    : order.address.trim().split('\n').filter(Boolean);

  const text = [
    `Hello ${buyerName},`,
    '',
    says,
    ...(tracking.length > 0 ? ['', ...tracking.map((t) => `${t.label}: ${t.text}`)] : []),
    '',
    ...lines.map(
      (l) => `${l.quantity} x ${l.name}: ${l.amount}${l.perUnit ? ` (${l.perUnit})` : ''}`,
    ),
    ...figures.map((f) => `${f.label}: ${f.amount}`),
    ...(address.length > 0 ? ['', 'Delivery address:', ...address] : []),
    ...(orderLink ? ['', `Your order: ${orderLink}`] : []),
    '',
    'Thank you for shopping with us.',
  ].join('\n');

  const rows = lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} × ${escapeHtml(l.name)}</td><td align="right">${escapeHtml(l.amount)}${l.perUnit ? `<br>${escapeHtml(l.perUnit)}` : ''}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>Hello ${escapeHtml(buyerName)},</p>`,
    `<p>${escapeHtml(says)}</p>`,
    tracking.length > 0
      ? `<p>${tracking
          .map(({ label, text, href }) => {
            const shown = href
              ? `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`
              : escapeHtml(text);
            return `${escapeHtml(label)}: ${shown}`;
          })
          .join('<br>')}</p>`
      : '',
    `<table cellpadding="4">${rows}${figures
      .map(
        (f) =>
          `<tr><th align="left">${escapeHtml(f.label)}</th><th align="right">${escapeHtml(f.amount)}</th></tr>`,
      )
      .join('')}</table>`,
    address.length > 0
      ? `<p>Delivery address:<br>${address.map((line) => escapeHtml(line)).join('<br>')}</p>`
      : '',
    orderLink
      ? `<p>Your order: <a href="${escapeHtml(orderLink)}">${escapeHtml(orderLink)}</a></p>`
      : '',
    '<p>Thank you for shopping with us.</p>',
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
