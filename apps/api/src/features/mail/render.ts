import {
  deliveryAddressLines,
  formatMinorUnits,
  formatMoney,
  type Order,
  orderLineAmount,
  orderPriceFigures,
  priceSummary,
} from '@shop/contracts';
import type { MailEvent } from './repository.js';

/** An e-mail to the buyer, in both forms every mail client reads. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Names, addresses and options are the shoppers' and admins' own text: never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** `Lamp (Size: S)` for a line of a variant with options. */
const lineName = (line: Order['products'][number]) => {
  const options = Object.entries(line.variant?.options ?? {}).map(([k, v]) => `${k}: ${v}`);
  return options.length > 0 ? `${line.name} (${options.join(', ')})` : line.name;
};

/** What the e-mail says of the event, in one sentence; and its subject. */
function headline(event: MailEvent, order: Order, label: string, total: string) {
  switch (event.kind) {
    case 'placed':
      return { subject: `Order ${label} placed`, says: `Thank you for your order ${label}.` };
    case 'status':
      return {
        subject: `Order ${label}: ${event.status}`,
        says: `The status of your order ${label} is now: ${event.status}.`,
      };
    case 'cancelled':
      return {
        subject: `Order ${label} cancelled`,
        says: order.payment.success
          ? `Your order ${label} was cancelled and your payment of ${total} refunded.`
          : `Your order ${label} was cancelled; your card was not charged.`,
      };
    case 'order-links':
    case 'verify-email':
      throw new Error(`a ${event.kind} letter is about no one order: see ./letters.ts`);
    case 'back-in-stock':
      throw new Error('a notice is rendered by the feature that sends it, not as an order');
  }
}

/**
 * The e-mail announcing `event` about `order` (as it is now) to its buyer, with the link that
 * opens the order without signing in when it has one.
 */
export function renderMail(
  event: MailEvent,
  order: Order,
  buyerName: string,
  orderLink?: string,
): RenderedMail {
  const label = `#${order.number ?? order._id}`;
  // In the currency it was paid in, whatever the store's is now.
  const currency = order.payment.currency;
  const total = formatMinorUnits(order.payment.amount, currency);
  const { subject, says } = headline(event, order, label, total);
  const lines = order.products.map((line) => ({
    name: lineName(line),
    quantity: line.quantity,
    amount: formatMoney(orderLineAmount(order, line), currency),
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
    '',
    ...lines.map((l) => `${l.quantity} x ${l.name}: ${l.amount}`),
    ...figures.map((f) => `${f.label}: ${f.amount}`),
    ...(address.length > 0 ? ['', 'Delivery address:', ...address] : []),
    ...(orderLink ? ['', `Your order: ${orderLink}`] : []),
    '',
    'Thank you for shopping with us.',
  ].join('\n');

  const rows = lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} × ${escapeHtml(l.name)}</td><td align="right">${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>Hello ${escapeHtml(buyerName)},</p>`,
    `<p>${escapeHtml(says)}</p>`,
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
