import { objectIdSchema, type Product, type ProductVariant, productSchema } from '@shop/contracts';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import { appState, useAppState } from './app-state';
import { rendersAsServer } from './server-rendered';
import { readStored, removeStored, writeStored } from './storage';

const CART_KEY = 'cart';

/**
 * A product as the cart keeps it. `quantity` here is how many units the shopper wants
 * (default 1), not the stock count the product carries in the catalogue; `price` is the
 * chosen variant's.
 */
export type CartEntry = Omit<Product, 'quantity' | 'photo'> & {
  quantity?: number;
  /** Missing in carts saved before products carried their photo's metadata. */
  photo?: Product['photo'];
  /** The chosen variant's id; missing in carts saved before variants: the product's only one. */
  variant?: string;
};

const cartEntrySchema = productSchema
  .partial({ quantity: true, photo: true })
  .extend({ variant: objectIdSchema.optional() });

function restore(): CartEntry[] {
  const stored = readStored(CART_KEY, { parse: (data) => data });
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = cartEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The cart the server renders with, until the stored one is read. */
const SERVER_CART: CartEntry[] = [];

type CartState = readonly [CartEntry[], Dispatch<SetStateAction<CartEntry[]>>];
const CartContext = appState<CartState>();

export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCart] = useState<CartEntry[]>(() => (rendersAsServer ? SERVER_CART : restore()));

  // Hydrating the server's screen (an empty cart): the stored cart comes in before the paint.
  useLayoutEffect(() => {
    if (rendersAsServer) setCart(restore());
  }, []);

  // Every change, removals included, is written back; an empty cart leaves no entry. The
  // server's empty cart is no change: it stood in for the stored one until that was read.
  useEffect(() => {
    if (cart === SERVER_CART) return;
    if (cart.length > 0) writeStored(CART_KEY, cart);
    else removeStored(CART_KEY);
  }, [cart]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_KEY || event.key === null) setCart(restore());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(() => [cart, setCart] as const, [cart]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart and its setter: `[cart, setCart]`. */
export const useCart = () => useAppState(CartContext, 'Cart');

/** Listing cards say 'Item Added to cart'; the details page says 'Item added to cart' (spec §8). */
const ADDED_ON_LISTING = 'Item Added to cart';
export const ADDED_ON_DETAILS = 'Item added to cart';

/**
 * Adds one unit of a variant of the product, at the variant's price (duplicates allowed, spec
 * §3: the same variant twice is two lines) and confirms with a toast.
 */
export function useAddToCart(message: string = ADDED_ON_LISTING) {
  const [, setCart] = useCart();
  return useCallback(
    (product: Product, variant: ProductVariant) => {
      setCart((cart) => [
        ...cart,
        { ...product, price: variant.price, variant: variant._id, quantity: 1 },
      ]);
      toast.success(message);
    },
    [setCart, message],
  );
}
