import type { Product, ProductPhotoMeta, ProductVariant } from '@shop/contracts';

/**
 * An option as the admin edits it. Its id is the editor's own, so renaming an option keeps its
 * rows (and their saved variants).
 */
export interface OptionDraft {
  id: string;
  name: string;
  values: string[];
}

/** One combination of option values: the variant it is, or would be once kept and saved. */
export interface VariantRow {
  /** The combination: a value by option draft id. */
  values: Record<string, string>;
  keep: boolean;
  /** Chosen for "Set for selected". */
  selected: boolean;
  /** A saved variant's id; a new one has none until the grid is saved. */
  _id?: string;
  sku: string;
  /** Text as typed; checked when the grid is saved. */
  price: string;
  quantity: string;
  /** A saved variant's stock when the grid was opened, so a checkout since is not overwritten. */
  previousQuantity?: number;
  /** Its own weight in grams, as typed; blank: its product's. */
  weight: string;
  /** Its own tax class; blank: its product's. */
  taxClass: string;
  /**
   * A saved variant's own weight and class as the grid showed them when opened: only a change
   * of them is sent, so the server keeps what the grid cannot tell from the product's.
   */
  openedOwn?: { weight: string; taxClass: string };
  photo: ProductPhotoMeta | null;
}

export interface VariantGrid {
  options: OptionDraft[];
  rows: VariantRow[];
}

/** What a new row starts from. */
export type GridProduct = Pick<Product, '_id' | 'slug' | 'price'>;

/** The product's weight and class, which a variant without its own follows. */
export type ProductDefaults = Pick<Product, 'weight' | 'taxClass'>;

let lastOptionId = 0;
export const newOptionId = () => `option-${++lastOptionId}`;

/** The options that make combinations: one without values yet adds none (nor removes any). */
const listed = (options: readonly OptionDraft[]) => options.filter((o) => o.values.length > 0);

export const combinationCount = (options: readonly OptionDraft[]) =>
  listed(options).reduce((count, option) => count * option.values.length, 1);

/** Every combination of the options' values, in the order they are listed. */
export function combinations(options: readonly OptionDraft[]): Record<string, string>[] {
  return listed(options).reduce<Record<string, string>[]>(
    (combos, option) =>
      combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.id]: value }))),
    [{}],
  );
}

/** The row's values in the options' order. */
export const valuesOf = (options: readonly OptionDraft[], values: Record<string, string>) =>
  listed(options).flatMap((o) => (values[o.id] === undefined ? [] : [values[o.id] as string]));

/** How a row is named on screen and in labels: `S / Black`. */
export const rowLabel = (options: readonly OptionDraft[], row: VariantRow) =>
  valuesOf(options, row.values).join(' / ') || 'this product';

/** A SKU for a combination: `T-SHIRT-S-BLACK`, from the slug and the values, as SKUs may be. */
export function suggestSku(slug: string, values: readonly string[]) {
  return [slug, ...values]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._/-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Z0-9]+|-+$/g, '')
    .slice(0, 64);
}

function newRow(
  options: readonly OptionDraft[],
  values: Record<string, string>,
  product: GridProduct,
): VariantRow {
  return {
    values,
    keep: true,
    selected: false,
    sku: suggestSku(product.slug, valuesOf(options, values)),
    price: String(product.price),
    quantity: '0',
    weight: '',
    taxClass: '',
    photo: null,
  };
}

/**
 * A variant's own weight and class as the grid shows them: blank where it has its product's.
 * An answer gives a variant's weight and class whether its own or its product's, so one equal
 * to its product's shows blank too.
 */
const ownOf = (variant: ProductVariant, product: ProductDefaults) => ({
  weight: variant.weight === product.weight ? '' : String(variant.weight),
  taxClass: variant.taxClass === product.taxClass ? '' : variant.taxClass,
});

function savedRow(
  values: Record<string, string>,
  variant: ProductVariant,
  product: ProductDefaults,
): VariantRow {
  const own = ownOf(variant, product);
  return {
    values,
    keep: true,
    selected: false,
    _id: variant._id,
    sku: variant.sku,
    price: String(variant.price),
    quantity: String(variant.quantity),
    previousQuantity: variant.quantity,
    ...own,
    openedOwn: own,
    photo: variant.photo,
  };
}

/**
 * The product's grid as saved: every combination of its options, its variants kept and the
 * combinations it is not sold in unticked.
 */
export function gridFromProduct(product: Product): VariantGrid {
  const options = product.options.map((o) => ({
    id: newOptionId(),
    name: o.name,
    values: [...o.values],
  }));
  const comboOf = (values: readonly (string | undefined)[]) => JSON.stringify(values);
  const variants = new Map(
    product.variants.map((v) => [comboOf(product.options.map((o) => v.options[o.name])), v]),
  );
  const rows = combinations(options).map((values) => {
    const variant = variants.get(comboOf(options.map((o) => values[o.id])));
    return variant
      ? savedRow(values, variant, product)
      : { ...newRow(options, values, product), keep: false };
  });
  return { options, rows };
}

/** The row of a product without options: weighed and taxed as its product form says. */
export const isProductItself = (row: VariantRow) => Object.keys(row.values).length === 0;

/**
 * Whether a row of the grid before an options change stands for `values` after it: the same
 * value of every option it had that is still listed, and the first value of each option it
 * did not have (a new option's first value extends the variants there were). The product's
 * own variant (a product without options) cannot become a combination: its id is the
 * product's, and such a variant cannot have a photo of its own.
 */
function carries(
  row: VariantRow,
  values: Record<string, string>,
  options: readonly OptionDraft[],
  product: GridProduct,
) {
  if (row._id === product._id && Object.keys(values).length > 0) return false;
  return listed(options).every((option) =>
    option.id in row.values
      ? row.values[option.id] === values[option.id]
      : values[option.id] === option.values[0],
  );
}

/**
 * The grid after the admin changed the options: each combination keeps the row that stood for
 * it (its id, SKU, price, stock, weight, class and photo), the others are new rows. A SKU still
 * as suggested follows its row's new values.
 */
export function regrid(
  previous: VariantGrid,
  options: OptionDraft[],
  product: GridProduct,
): VariantGrid {
  const unused = [...previous.rows];
  const rows = combinations(options).map((values) => {
    const at = unused.findIndex((row) => carries(row, values, options, product));
    if (at === -1) return newRow(options, values, product);
    const [row] = unused.splice(at, 1) as [VariantRow];
    const suggested = suggestSku(product.slug, valuesOf(previous.options, row.values));
    const sku =
      row.sku.toUpperCase() === suggested
        ? suggestSku(product.slug, valuesOf(options, values))
        : row.sku;
    return { ...row, values, sku };
  });
  return { options, rows };
}

/** "Set for selected": the price and the stock given (blank: left as they are). */
export function setForSelected(
  rows: readonly VariantRow[],
  change: { price: string; quantity: string },
): VariantRow[] {
  const price = change.price.trim();
  const quantity = change.quantity.trim();
  return rows.map((row) =>
    row.selected ? { ...row, ...(price ? { price } : {}), ...(quantity ? { quantity } : {}) } : row,
  );
}

/**
 * Whether the product is sold as variants of their own rather than as itself (one variant of
 * its own id): its price and stock are then its variants', which update-product may not change.
 */
export const pricedPerVariant = (product: Pick<Product, '_id' | 'variants'>) =>
  !(product.variants.length === 1 && product.variants[0]?._id === product._id);
