import type { Product, ProductVariant } from '@shop/contracts';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import { appState, useAppState } from './app-state';
import type { CartEntry } from './cart-entry';
import { rendersAsServer } from './server-rendered';
import { readStoredJson, removeStored, writeStored } from './storage';
import { loadStoredReaders, storedReaders } from './stored-state';

export type { CartEntry } from './cart-entry';

const CART_KEY = 'cart';

/** The cart the server renders with, until the stored one is read. */
const SERVER_CART: CartEntry[] = [];

type CartState = readonly [CartEntry[], Dispatch<SetStateAction<CartEntry[]>>];
const CartContext = appState<CartState>();

export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCart] = useState<CartEntry[]>(() =>
    rendersAsServer ? SERVER_CART : storedReaders().readStoredCart(CART_KEY),
  );

  // Hydrated the server's screen (an empty cart): the stored cart comes in once its reader has
  // loaded, after what the shopper added meanwhile. No cart stored keeps the server's, which
  // renders nothing again.
  // What is stored is taken now, before an early press writes the cart back.
  useEffect(() => {
    if (!rendersAsServer) return;
    const json = readStoredJson(CART_KEY);
    if (json === null) return;
    void loadStoredReaders().then(({ cartOf }) => {
      const stored = cartOf(json);
      if (stored.length === 0) return;
      setCart((current) => (current === SERVER_CART ? stored : [...stored, ...current]));
    });
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
      if (event.key !== CART_KEY && event.key !== null) return;
      void loadStoredReaders().then(({ readStoredCart }) => setCart(readStoredCart(CART_KEY)));
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
