import { totalMajorUnits } from '@shop/contracts/money';
import { nameWithOptions, unitsTimesPrice } from '@shop/contracts/values';
import {
  type CartEntry,
  lineKeyOf,
  MAX_LINE_QUANTITY,
  unitsOf,
  useCart,
  variantIdOf,
  variantOf,
  withoutLine,
  withUnits,
} from '../../../lib/cart';
import { preview } from '../../../lib/format';
import { useMoney, useStoreCurrency } from '../../../lib/store-settings';
import { formatOptions, Price, ProductPhoto, photoOf } from '../../products';
import { QuantityStepper } from './QuantityStepper';
import './CartItemList.css';

const CART_PREVIEW = 30;

/** Units of each variant the shopper can have now, by variant id, as the checkout's quote says. */
export type AvailableUnits = Readonly<Record<string, number>>;

/**
 * The units the line's shopper can have: the quote's, else what the product said when it was
 * added (until this cart is quoted).
 */
function unitsToBeHad(entry: CartEntry, available: AvailableUnits | undefined): number {
  const id = variantIdOf(entry);
  const quoted = id === undefined ? undefined : available?.[id];
  return quoted ?? variantOf(entry)?.quantity ?? MAX_LINE_QUANTITY;
}

/** What the line says of the stock once it holds every unit to be had, or more. */
const stockNote = (units: number, left: number) =>
  units < left ? '' : left <= 0 ? 'Out of stock' : `Only ${left} left`;

/**
 * The cart's lines: each variant once, with its units (− / + or typed, up to the units the
 * shopper can have now: `available`, the quote's), its price (the spec's "Price : …", the line's
 * amount, with `2 × $8.50` beside it for several units) and Remove.
 */
export function CartItemList({ available }: { available?: AvailableUnits | undefined }) {
  const [cart, setCart] = useCart();
  const currency = useStoreCurrency();
  const money = useMoney();
  return (
    <ul className="line-list">
      {cart.map((item) => {
        const key = lineKeyOf(item);
        const variant = variantOf(item);
        const options = variant?.options ?? {};
        const name = nameWithOptions(item.name, options);
        const { ownerId, photo } = photoOf(item, variant);
        const units = unitsOf(item);
        const left = Math.min(unitsToBeHad(item, available), MAX_LINE_QUANTITY);
        const amount = currency ? totalMajorUnits([{ ...item, quantity: units }], currency) : 0;
        return (
          <li className="line-item cart-item" key={key} aria-label={name}>
            <ProductPhoto productId={ownerId} name={item.name} photo={photo} size="thumb" />
            <div className="line-body">
              <p className="line-name">{item.name}</p>
              {Object.keys(options).length > 0 && (
                <p className="line-options">{formatOptions(options)}</p>
              )}
              <p className="muted">{preview(item.description, CART_PREVIEW)}</p>
              <p>
                Price : <Price value={amount} />
                {units > 1 && (
                  <>
                    {' '}
                    <span className="muted">{unitsTimesPrice(units, money(item.price))}</span>
                  </>
                )}
              </p>
              <QuantityStepper
                name={name}
                units={units}
                max={Math.max(left, 1)}
                onChange={(wanted) => setCart((lines) => withUnits(lines, key, wanted))}
              />
              <p className="stock-note" role="status">
                {stockNote(units, left)}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => setCart((lines) => withoutLine(lines, key))}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
