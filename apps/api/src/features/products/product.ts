import type { ProductOption, ProductPhotoMeta, VariantOptions } from '@shop/contracts';
import type { Minor } from '../../lib/money.js';

/**
 * Products as the server works with them, apart from the contract's JSON: prices in minor units
 * of the store currency (`Minor`), the category by id. The repository hands them out and takes
 * them in; ./presenter.ts turns them into the contract's `Product` (major units, the category
 * whole), ./input.ts turns the admin's requests into them.
 */

/** One combination of option values sold, with its own price and stock. */
export interface StoredVariant {
  _id: string;
  sku: string;
  options: VariantOptions;
  price: Minor;
  /** Units shoppers can still have: those held in checkouts are not counted. */
  quantity: number;
  /** Units held in checkouts now. */
  inCheckouts: number;
  /** Its own, else its product's. */
  weight: number;
  taxClass: string;
  /** Null when it shows its product's photo. */
  photo: ProductPhotoMeta | null;
}

/** A product as stored: its reviews' version (see changeShownReviews) is shown by no answer. */
export interface StoredProduct {
  _id: string;
  name: string;
  slug: string;
  description: string;
  /** The lowest price of its variants. */
  price: Minor;
  /** The stock of all its variants. */
  quantity: number;
  options: ProductOption[];
  /** At least one: a product without options has one, of its own id. */
  variants: StoredVariant[];
  shipping: 0 | 1;
  /** Grams; what its variants weigh unless they say. */
  weight: number;
  taxClass: string;
  categoryId: string;
  photo: ProductPhotoMeta | null;
  rating: { average: number; count: number };
  createdAt: string;
  updatedAt: string;
  reviewsVersion: number;
}

/** What a new product is made of; its id chosen beforehand (newProductId), so its photo goes first. */
export interface NewProduct {
  _id: string;
  name: string;
  slug: string;
  description: string;
  price: Minor;
  quantity: number;
  categoryId: string;
  shipping: 0 | 1;
  /** Grams; 0 unless given. */
  weight?: number;
  /** Standard unless given. */
  taxClass?: string;
  photo: ProductPhotoMeta | null;
  /** Now, unless given (imports, demo data). */
  createdAt?: Date;
  /**
   * A product sold several ways; then its price and quantity are those of its variants (the
   * lowest price, all the stock). Without, one variant of that price and quantity.
   */
  variants?: VariantSet;
}

/**
 * A variant as written: its stock with it; its weight and tax class only when they differ from
 * its product's.
 */
export interface NewVariant {
  _id: string;
  sku: string;
  options: VariantOptions;
  price: Minor;
  quantity: number;
  photo?: ProductPhotoMeta | null;
  weight?: number;
  taxClass?: string;
}

export interface VariantSet {
  options: ProductOption[];
  variants: NewVariant[];
}

export type ProductChanges = Partial<Omit<NewProduct, '_id' | 'createdAt' | 'photo'>> & {
  photo?: ProductPhotoMeta;
};

/** Units of one variant, taken or given back. */
export interface StockLine {
  productId: string;
  /** The product's only variant when absent. */
  variantId?: string;
  quantity: number;
}

/** The stock entry of a line's variant in its product's `stock`. */
export const stockKey = (line: Pick<StockLine, 'productId' | 'variantId'>) =>
  `stock.${(line.variantId ?? line.productId).toLowerCase()}`;

/** The catalogue change a write of these products announces. */
export const productChange = (productIds: string[]) => ({ productIds });
