import { nameWithOptions } from '@shop/contracts';
import { useCart, variantOf } from '../../../lib/cart';
import { preview } from '../../../lib/format';
import { formatOptions, Price, ProductPhoto, photoOf } from '../../products';

const CART_PREVIEW = 30;

export function CartItemList() {
  const [cart, setCart] = useCart();
  // Duplicates are allowed, so the clicked entry is removed by its position.
  const removeAt = (index: number) => setCart((items) => items.filter((_, i) => i !== index));
  return (
    <ul className="line-list">
      {cart.map((item, index) => {
        const variant = variantOf(item);
        const options = variant?.options ?? {};
        const { ownerId, photo } = photoOf(item, variant);
        return (
          <li
            className="line-item cart-item"
            // biome-ignore lint/suspicious/noArrayIndexKey: the same variant may sit in the cart twice; position is its identity.
            key={`${item._id}-${index}`}
            aria-label={nameWithOptions(item.name, options)}
          >
            <ProductPhoto productId={ownerId} name={item.name} photo={photo} size="thumb" />
            <div className="line-body">
              <p className="line-name">{item.name}</p>
              {Object.keys(options).length > 0 && (
                <p className="line-options">{formatOptions(options)}</p>
              )}
              <p className="muted">{preview(item.description, CART_PREVIEW)}</p>
              <p>
                Price : <Price value={item.price} />
              </p>
            </div>
            <button type="button" className="btn btn-danger" onClick={() => removeAt(index)}>
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
