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
import { rendersAsServer } from './server-rendered';
import { readStoredJson, removeStored, writeStored } from './storage';

/**
 * The cart: what the shopper is about to buy, kept in localStorage under `cart` (every change,
 * removals included, is written back; an empty cart leaves no entry) and shared by every tab.
 */

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

const CART_KEY = 'cart';

/**
 * A stored line is read through the product's schema (zod), which loads in a chunk of its own:
 * a screen the browser renders itself waits for `loadCartReader()` before its first render (the
 * entry and the tests' setup do); a page the server rendered hydrates with an empty cart and
 * loads the reader afterwards, only when a cart is stored, so a first visit never evaluates zod.
 */
async function makeCartEntrySchema() {
  const { objectIdSchema, productSchema } = await import('@shop/contracts');
  return productSchema
    .partial({ quantity: true, photo: true })
    .extend({ variant: objectIdSchema.optional() });
}

let cartEntrySchema: Awaited<ReturnType<typeof makeCartEntrySchema>> | undefined;

export async function loadCartReader(): Promise<void> {
  cartEntrySchema ??= await makeCartEntrySchema();
}

/** The entries of a stored cart (its JSON, read) that are whole products; the others dropped. */
function cartOf(stored: unknown): CartEntry[] {
  const schema = cartEntrySchema;
  if (!schema) throw new Error('cart: loadCartReader() has not finished');
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry): CartEntry[] => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const readStoredCart = () => cartOf(readStoredJson(CART_KEY));

/** The cart the server renders with, until the stored one is read. */
const SERVER_CART: CartEntry[] = [];

type CartState = readonly [CartEntry[], Dispatch<SetStateAction<CartEntry[]>>];
const CartContext = appState<CartState>();

export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCart] = useState<CartEntry[]>(() =>
    rendersAsServer ? SERVER_CART : readStoredCart(),
  );

  // Hydrated the server's screen (an empty cart): the stored cart comes in once its reader has
  // loaded, after what the shopper added meanwhile. No cart stored keeps the server's, which
  // renders nothing again.
  // What is stored is taken now, before an early press writes the cart back.
  useEffect(() => {
    if (!rendersAsServer) return;
    const json = readStoredJson(CART_KEY);
    if (json === null) return;
    void loadCartReader().then(() => {
      const stored = cartOf(json);
      if (stored.length === 0) return;
      setCart((current) => (current === SERVER_CART ? stored : [...stored, ...current]));
    });
  }, []);

  // The server's empty cart is no change: it stood in for the stored one until that was read.
  useEffect(() => {
    if (cart === SERVER_CART) return;
    if (cart.length > 0) writeStored(CART_KEY, cart);
    else removeStored(CART_KEY);
  }, [cart]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_KEY && event.key !== null) return;
      void loadCartReader().then(() => setCart(readStoredCart()));
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

/**
 * The id of the variant a cart line buys. A line saved before variants names none: it is the
 * product's only variant, whose id is the product's. Undefined when it cannot be told (a product
 * that has several); the server then refuses the line.
 */
export function variantIdOf(entry: CartEntry): string | undefined {
  if (entry.variant) return entry.variant;
  if (entry.variants.length === 0) return entry._id;
  return entry.variants.length === 1 ? entry.variants[0]?._id : undefined;
}

/** The variant a cart line buys, as it was when added (none for a line saved before variants). */
export const variantOf = (entry: CartEntry): ProductVariant | undefined => {
  const id = variantIdOf(entry);
  return entry.variants.find((v) => v._id === id);
};
