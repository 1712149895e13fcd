import type { ReactNode } from 'react';

/** At most this many units left: the shopper is told how few ("Only 2 left"). */
export const FEW_LEFT = 5;

/**
 * What the product page says of the stock shoppers can still have (units held in others'
 * checkouts are not counted): the spec's "In stock : N" where a variant is chosen, "Only N left"
 * when few are, "Out of stock" when none are (`soldOut` then follows, e.g. "Notify me").
 */
export function StockNote({
  stock,
  showCount,
  soldOut,
}: {
  stock: number;
  showCount: boolean;
  soldOut?: ReactNode;
}) {
  if (stock <= 0) {
    return (
      <>
        <p className="out-of-stock">Out of stock</p>
        {soldOut}
      </>
    );
  }
  return (
    <>
      {showCount && <p>In stock : {stock}</p>}
      {stock <= FEW_LEFT && <p className="few-left">Only {stock} left</p>}
    </>
  );
}
