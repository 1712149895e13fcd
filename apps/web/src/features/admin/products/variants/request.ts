import type { Product } from '@shop/contracts';
import {
  type ProductVariantsRequest,
  productVariantsRequestSchema,
} from '@shop/contracts/variants-request';
import type { Problem } from '../../../../lib/form-problems';
import { type OptionDraft, rowLabel, type VariantGrid, type VariantRow } from './grid';

/** A typed amount; blank is no number at all (the schema then says it must be one). */
const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const namedValues = (options: readonly OptionDraft[], row: VariantRow): Record<string, string> =>
  Object.fromEntries(
    options.flatMap((o) => {
      const value = row.values[o.id];
      return value === undefined ? [] : [[o.name, value]];
    }),
  );

/**
 * A row's own weight and class as the request gives them: a saved variant's only when the admin
 * changed them (blank then is null: back to its product's), since left out the server keeps
 * them; a new variant's when typed.
 */
function ownWeightAndClass(row: VariantRow) {
  const typed = (field: 'weight' | 'taxClass') => row[field].trim();
  const changed = (field: 'weight' | 'taxClass') => typed(field) !== (row.openedOwn?.[field] ?? '');
  return {
    ...(changed('weight') ? { weight: typed('weight') === '' ? null : amount(row.weight) } : {}),
    ...(changed('taxClass') ? { taxClass: typed('taxClass') || null } : {}),
  };
}

/** The kept rows, in the order the request lists them. */
const keptRows = (grid: VariantGrid) => grid.rows.filter((row) => row.keep);

/**
 * Whether the grid changes the price of a saved variant it keeps to another price (one that is
 * no price at all is a problem of its own): the API then asks why.
 */
export const changesPrices = (grid: VariantGrid, product: Pick<Product, 'variants'>) =>
  keptRows(grid).some((row) => {
    const saved = product.variants.find((variant) => variant._id === row._id);
    const price = amount(row.price);
    return saved !== undefined && Number.isFinite(price) && price >= 0 && price !== saved.price;
  });

/**
 * The body of `PUT product-variants/{id}`: every option, the rows kept, and the reason for a
 * change of their prices.
 */
export function variantsRequest(grid: VariantGrid, reason = ''): ProductVariantsRequest {
  return {
    ...(reason.trim() === '' ? {} : { reason: reason.trim() }),
    options: grid.options.map((o) => ({ name: o.name, values: o.values })),
    variants: keptRows(grid).map((row) => ({
      ...(row._id ? { _id: row._id } : {}),
      sku: row.sku,
      options: namedValues(grid.options, row),
      price: amount(row.price),
      quantity: amount(row.quantity),
      ...(row.previousQuantity === undefined ? {} : { previousQuantity: row.previousQuantity }),
      ...ownWeightAndClass(row),
    })),
  };
}

/** The grid's typed fields, which a kept row's problem may be about. */
const ROW_FIELDS = new Set(['sku', 'price', 'quantity', 'weight', 'taxClass']);

/**
 * The grid's control a request's field is typed in: a kept row's cell (`variants.1.price` →
 * `rows.4.price`, the row's place among all the grid's rows), an option's name or values; ''
 * for what has none of its own.
 */
function controlOf(grid: VariantGrid, [part, index, field]: string[]): string {
  if (part === 'options' && (field === 'name' || field === 'values')) {
    return `options.${index}.${field}`;
  }
  const row = part === 'variants' ? keptRows(grid)[Number(index)] : undefined;
  const cell = field === 'previousQuantity' ? 'quantity' : (field ?? '');
  return row && ROW_FIELDS.has(cell) ? `rows.${grid.rows.indexOf(row)}.${cell}` : '';
}

/**
 * A problem with a field of the request (the shared schema's, or the server's) as the grid
 * shows it: at its control, a variant's own named by its row (`S / Black: Price must not be
 * negative`).
 */
export const gridProblemOf =
  (grid: VariantGrid) =>
  (field: string, message: string): Problem => {
    const path = field.split('.');
    const [part, index] = path;
    const row = part === 'variants' ? keptRows(grid)[Number(index)] : undefined;
    return {
      field: controlOf(grid, path),
      message: row ? `${rowLabel(grid.options, row)}: ${message}` : message,
    };
  };

/** Everything the shared schema (the server's) finds wrong with the grid, in its words. */
export function gridProblems(grid: VariantGrid): Problem[] {
  const parsed = productVariantsRequestSchema.safeParse(variantsRequest(grid));
  if (parsed.success) return [];
  const problemOf = gridProblemOf(grid);
  return parsed.error.issues.map((issue) => problemOf(issue.path.join('.'), issue.message));
}
