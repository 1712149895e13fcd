import { Price } from '../../../components/Price';
import { ProductPhoto } from '../../../components/ProductPhoto';
import { useCart } from '../../../lib/cart';
import { preview } from '../../../lib/format';

const CART_PREVIEW = 30;

export function CartItemList() {
  const [cart, setCart] = useCart();
  // Duplicates are allowed, so the clicked entry is removed by its position.
  const removeAt = (index: number) => setCart((items) => items.filter((_, i) => i !== index));
  return (
    <ul className="line-list">
      {cart.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same product may sit in the cart twice; position is its identity.
        <li className="line-item cart-item" key={`${item._id}-${index}`} aria-label={item.name}>
          <ProductPhoto productId={item._id} name={item.name} photo={item.photo} size="thumb" />
          <div className="line-body">
            <p className="line-name">{item.name}</p>
            <p className="muted">{preview(item.description, CART_PREVIEW)}</p>
            <p>
              Price : <Price value={item.price} />
            </p>
          </div>
          <button type="button" className="btn btn-danger" onClick={() => removeAt(index)}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
