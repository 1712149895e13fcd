import type { Product, ProductVariant } from '@shop/contracts';
import { CART_COOKIE, type CookieLine, cartCookieValue } from '@shop/contracts/shopper-cookies';
import type { ShopperLine } from '@shop/contracts/storefront';
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
import { rendersAsServer, useServerShopper } from './server-rendered';
import {
  readCookie,
  readStoredJson,
  removeCookie,
  removeStored,
  writeCookie,
  writeStored,
} from './storage';

/**
 * The cart: what the shopper is about to buy, kept in localStorage under `cart` (every change,
 * removals included, is written back; an empty cart leaves no entry) and shared by every tab.
 * A line is one variant and how many units of it: adding the same variant again adds a unit.
 * Its lines (variant and units) are copied to the `cart` cookie with every write, so that the
 * server can render the cart page with them (the products come from its catalogue).
 */

/**
 * A product as the cart keeps it. `quantity` here is how many units the shopper wants
 * (default 1), not the stock count the product carries in the catalogue; `price` is the
 * chosen variant's (the unit price).
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

/**
 * The entries of a stored cart (its JSON, read) that are whole products, the others dropped, as
 * lines: a cart an earlier build stored, where the same variant was added twice as two entries,
 * is read as one line of two.
 */
function cartOf(stored: unknown): CartEntry[] {
  const schema = cartEntrySchema;
  if (!schema) throw new Error('cart: loadCartReader() has not finished');
  if (!Array.isArray(stored)) return [];
  return asLines(
    stored.flatMap((entry): CartEntry[] => {
      const parsed = schema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

const readStoredCart = () => cartOf(readStoredJson(CART_KEY));

/** A line of `units` of the product's `variant`, at the variant's price. */
export const cartEntryOf = (
  product: Product,
  variant: ProductVariant,
  units: number,
): CartEntry => ({
  ...product,
  price: variant.price,
  variant: variant._id,
  quantity: units,
});

/** The server's lines as the cart keeps them; a line whose variant the product lacks is none. */
const serverCartOf = (lines: readonly ShopperLine[]): CartEntry[] =>
  lines.flatMap(({ product, variant, units }) => {
    const bought = product.variants.find((v) => v._id === variant);
    return bought ? [cartEntryOf(product, bought, units)] : [];
  });

/** The cart's lines as the `cart` cookie holds them: lines of no known variant are left out. */
const cookieLinesOf = (cart: readonly CartEntry[]): CookieLine[] =>
  cart.flatMap((entry) => {
    const variant = variantIdOf(entry);
    return variant ? [{ variant, units: unitsOf(entry) }] : [];
  });

/**
 * Whether the stored cart is the one the server rendered: the cookie it was rendered from is the
 * one written with the stored cart, unchanged, and holds every stored entry. It is then not read
 * again (its schemas evaluated, the screen rendered twice); the server's lines stand, with the
 * catalogue's products of now.
 */
const isServerCart = (stored: unknown, serverCart: readonly CartEntry[]) =>
  serverCart.length > 0 &&
  Array.isArray(stored) &&
  stored.length === serverCart.length &&
  readCookie(CART_COOKIE) === cartCookieValue(cookieLinesOf(serverCart));

function storeCart(cart: readonly CartEntry[]) {
  if (cart.length === 0) {
    removeStored(CART_KEY);
    removeCookie(CART_COOKIE);
    return;
  }
  writeStored(CART_KEY, cart);
  const lines = cartCookieValue(cookieLinesOf(cart));
  if (lines) writeCookie(CART_COOKIE, lines);
  else removeCookie(CART_COOKIE);
}

type CartState = readonly [CartEntry[], Dispatch<SetStateAction<CartEntry[]>>];
const CartContext = appState<CartState>();

export function CartProvider({ children }: { children: ReactNode }) {
  // The cart the server rendered with (the cookie's lines on the cart page, else none), until
  // the stored one is read.
  const shopper = useServerShopper();
  const [serverCart] = useState(() => serverCartOf(shopper.cart));
  const [cart, setCart] = useState<CartEntry[]>(() =>
    rendersAsServer ? serverCart : readStoredCart(),
  );

  // Hydrated the server's screen: the stored cart comes in once its reader has loaded. Over an
  // empty one, after what the shopper added meanwhile; over the cookie's lines (the cart page),
  // unless the shopper changed them meanwhile, since they were the stored cart's. No cart stored
  // keeps the server's, which renders nothing again.
  // What is stored is taken now, before an early press writes the cart back.
  useEffect(() => {
    if (!rendersAsServer) return;
    const json = readStoredJson(CART_KEY);
    if (json === null || isServerCart(json, serverCart)) return;
    void loadCartReader().then(() => {
      const stored = cartOf(json);
      if (stored.length === 0) return;
      setCart((current) => {
        if (current === serverCart) return stored;
        return serverCart.length > 0 ? current : asLines([...stored, ...current]);
      });
    });
  }, [serverCart]);

  // The server's cart is no change: it stood in for the stored one until that was read.
  useEffect(() => {
    if (cart !== serverCart) storeCart(cart);
  }, [cart, serverCart]);

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
 * Adds one unit of a variant of the product, at the variant's price, to its line (a new line
 * the first time), and confirms with a toast; refused with a toast once the line holds every
 * unit the product says is left.
 */
export function useAddToCart(message: string = ADDED_ON_LISTING) {
  const [cart, setCart] = useCart();
  return useCallback(
    (product: Product, variant: ProductVariant) => {
      const line = `${product._id}/${variant._id}`;
      const left = Math.min(variant.quantity, MAX_LINE_QUANTITY);
      const inCart = cart.find((entry) => lineKeyOf(entry) === line);
      if (inCart && unitsOf(inCart) >= left) {
        toast.error(`Only ${left} left, all in your cart`);
        return;
      }
      setCart((current) => asLines([...current, cartEntryOf(product, variant, 1)]));
      toast.success(message);
    },
    [cart, setCart, message],
  );
}

/** The most units one line may ask for: what the checkout's calls take. */
export const MAX_LINE_QUANTITY = 1000;

/** Units of the line's variant the shopper wants: 1 for an entry that says none. */
export const unitsOf = (entry: Pick<CartEntry, 'quantity'>) => entry.quantity ?? 1;

/** Units in the cart, every line's together: what the header's badge counts. */
export const cartUnits = (cart: readonly Pick<CartEntry, 'quantity'>[]) =>
  cart.reduce((sum, entry) => sum + unitsOf(entry), 0);

/**
 * Which line an entry is: its product and variant. Lines saved before variants that cannot be
 * told apart (a product of several variants) are one line of that product.
 */
export const lineKeyOf = (entry: CartEntry) => `${entry._id}/${variantIdOf(entry) ?? ''}`;

const withinLine = (units: number) => Math.min(Math.max(Math.trunc(units), 1), MAX_LINE_QUANTITY);

/**
 * The entries as lines: those of one variant are one, in the place of the first and as the last
 * has the product (its newest price), their units added (within 1 and MAX_LINE_QUANTITY). Carts
 * stored by earlier builds, which kept the same variant added twice as two entries, read so.
 */
export function asLines(entries: readonly CartEntry[]): CartEntry[] {
  const lines = new Map<string, CartEntry>();
  for (const entry of entries) {
    const key = lineKeyOf(entry);
    const same = lines.get(key);
    lines.set(key, {
      ...entry,
      quantity: withinLine((same ? unitsOf(same) : 0) + unitsOf(entry)),
    });
  }
  return [...lines.values()];
}

/** The cart with the line `key` at `units` (within 1 and MAX_LINE_QUANTITY). */
export const withUnits = (cart: readonly CartEntry[], key: string, units: number) =>
  cart.map((entry) =>
    lineKeyOf(entry) === key ? { ...entry, quantity: withinLine(units) } : entry,
  );

/** The cart without the line `key`. */
export const withoutLine = (cart: readonly CartEntry[], key: string) =>
  cart.filter((entry) => lineKeyOf(entry) !== key);

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
