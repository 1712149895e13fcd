import { useState } from 'react';
import type { CartEntry } from '../../../lib/cart';
import type { QuoteAddress } from '../api/checkout-api';
import { useQuote } from './use-quote';

/**
 * The cart priced for `address` with a shipping method: the first one offered until the shopper
 * picks another, and the first again once the one picked is no longer offered (the cart or the
 * address changed). `ready` once the quote's shipping is the method picked (or none is offered
 * at all): its total is what the card would be charged.
 */
export function usePricedCart(cart: readonly CartEntry[], address: QuoteAddress) {
  const [picked, setPicked] = useState<string | null>(null);
  const [firstOffered, setFirstOffered] = useState<string | null>(null);
  const shippingMethod = picked ?? firstOffered;
  const quote = useQuote(cart, address, shippingMethod);
  const offered = quote.data?.methods ?? [];
  const first = offered[0]?._id ?? null;
  if (quote.data && !offered.some((method) => method._id === shippingMethod)) {
    if (picked !== null) setPicked(null);
    if (firstOffered !== first) setFirstOffered(first);
  }
  const ready =
    quote.data !== undefined &&
    (offered.length === 0 || quote.data.shipping?.method._id === shippingMethod);
  return { quote, offered, shippingMethod, pick: setPicked, ready };
}

export type PricedCart = ReturnType<typeof usePricedCart>;
