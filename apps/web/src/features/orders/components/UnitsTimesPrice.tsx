import { type OrderLine, unitsTimesPrice } from '@shop/contracts';

/** Beside a line's amount, when it has several units: `2 × $8.50`, the unit price paid. */
export function UnitsTimesPrice({
  line,
  format,
}: {
  line: Pick<OrderLine, 'quantity' | 'price'>;
  /** Writes an amount in the order's currency. */
  format: (amount: number) => string;
}) {
  if (line.quantity <= 1) return null;
  return (
    <>
      {' '}
      <span className="muted">{unitsTimesPrice(line.quantity, format(line.price))}</span>
    </>
  );
}
