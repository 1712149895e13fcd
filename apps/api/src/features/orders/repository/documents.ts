import type { OrderStatus, OrderTimelineEntry } from '@shop/contracts';
import type { ReturnStatus } from '@shop/contracts/returns';
import mongoose from 'mongoose';
import { toDeliveryAddress } from '../../../lib/delivery-address-model.js';
import { mailboxOf } from '../../../lib/mailbox.js';
import { minor } from '../../../lib/money.js';
import { linesAlone, toBreakdown } from '../breakdown.js';
import type { OrderDoc } from '../model.js';
import type { NewOrder, OrderActor, StoredOrder, StoredRefund } from '../order.js';

/**
 * Orders between their documents and the domain's shape (../order.ts), for the repository's
 * reads and writes. Amounts are stored as they are handed out: minor units of the order's
 * currency.
 */

/**
 * A map field's entries: a lean read hands it out as a plain object, a document as a Map
 * (the schema types it as the latter).
 */
const entriesOf = <T>(
  field: Map<string, T> | Record<string, T> | null | undefined,
): [string, T][] => (field instanceof Map ? [...field.entries()] : Object.entries(field ?? {}));

/** Units refunded of each line, in the lines' order (kept by the line's index). */
const unitsPerLine = (o: OrderDoc) => {
  const units = new Map(entriesOf(o.refundedUnits));
  return o.products.map((_, i) => units.get(String(i)) ?? 0);
};

export const toStoredOrder = (o: OrderDoc): StoredOrder => ({
  _id: String(o._id),
  number: o.number,
  lines: o.products.map(({ productId, variant, name, price, quantity }) => ({
    productId: String(productId),
    variant: variant
      ? {
          _id: String(variant._id),
          sku: variant.sku,
          options: Object.fromEntries(variant.options.map((o) => [o.name ?? '', o.value ?? ''])),
        }
      : null,
    name,
    unitPrice: minor(price),
    quantity,
  })),
  payment: {
    // Every payment field but `refunded` is required by the schema.
    id: o.payment?.id ?? '',
    success: o.payment?.success ?? false,
    status: o.payment?.status ?? '',
    amount: minor(o.payment?.amount ?? 0),
    currency: o.payment?.currency ?? '',
    refunded: o.payment?.refunded ?? false,
  },
  buyerId: o.buyer ? String(o.buyer) : null,
  ...(o.email ? { email: o.email } : {}),
  address: o.address ?? '',
  ...(o.deliveryAddress ? { deliveryAddress: toDeliveryAddress(o.deliveryAddress) } : {}),
  breakdown: toBreakdown(o.breakdown),
  // The schema's enum admits only ORDER_STATUSES.
  status: o.status as OrderStatus,
  stockReturned: o.stockReturned ?? false,
  refunds: entriesOf(o.refunds)
    .map(([_id, refund]) => ({
      _id,
      amount: minor(refund.amount),
      lines: refund.lines.map(({ sku, quantity }) => ({ sku: sku ?? '', quantity: quantity ?? 0 })),
      shipping: refund.shipping ?? false,
      reason: refund.reason,
      by: refund.by ? { _id: String(refund.by._id), name: refund.by.name ?? '' } : null,
      at: new Date(refund.at).toISOString(),
      stripeRefund: refund.stripeRefund ?? null,
      // The schema's enum admits only these values.
      status: refund.status as StoredRefund['status'],
    }))
    .sort((a, b) => a.at.localeCompare(b.at)),
  refundHeld: minor(o.refundHeld ?? 0),
  refundedDone: minor(o.refundedDone ?? 0),
  refundedUnits: unitsPerLine(o),
  shippingRefunded: o.shippingRefunded ?? false,
  events: o.events,
  timeline: o.timeline.map(({ event, status, at, by, carrier, trackingNumber, returnStatus }) => ({
    // The schema's enums admit only these values.
    event: event as OrderTimelineEntry['event'],
    status: status as OrderStatus,
    at: new Date(at).toISOString(),
    by: {
      _id: String(by?._id),
      name: by?.name ?? '',
      role: by?.role as OrderActor['role'],
    },
    ...(carrier ? { carrier } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
    // The schema's enum admits only RETURN_STATUSES.
    ...(returnStatus ? { returnStatus: returnStatus as ReturnStatus } : {}),
  })),
  createdAt: new Date(o.createdAt).toISOString(),
  updatedAt: new Date(o.updatedAt).toISOString(),
});

export const toDocument = (
  {
    lines,
    payment,
    buyer,
    email,
    deliveryAddress,
    breakdown,
    status = 'Not Process',
    createdAt,
  }: NewOrder,
  number: number,
  _id = new mongoose.Types.ObjectId(),
) => ({
  _id,
  number,
  products: lines.map(({ productId, variant, name, unitPrice, quantity }) => ({
    productId,
    ...(variant
      ? {
          variant: {
            _id: variant._id,
            sku: variant.sku,
            options: Object.entries(variant.options).map(([name, value]) => ({ name, value })),
          },
        }
      : {}),
    name,
    price: unitPrice,
    quantity,
  })),
  payment: { ...payment, success: payment.success ?? false },
  paymentId: payment.id,
  buyer: buyer?._id ?? null,
  ...(email ? { email: email.trim().toLowerCase(), mailbox: mailboxOf(email) } : {}),
  address: buyer?.address ?? '',
  ...(deliveryAddress ? { deliveryAddress } : {}),
  breakdown: breakdown ?? linesAlone(lines, payment.amount),
  status,
  events: [],
  timeline: [
    {
      event: 'placed',
      status,
      at: createdAt ?? new Date(),
      // A guest is named as their delivery address names them, by the order's own id.
      by: buyer
        ? { _id: buyer._id, name: buyer.name ?? '', role: 'buyer' }
        : { _id, name: deliveryAddress?.name ?? '', role: 'buyer' },
    },
  ],
  ...(createdAt ? { createdAt } : {}),
});
