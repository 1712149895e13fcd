import {
  type ProductVariantsRequest,
  productVariantsRequestSchema,
} from '@shop/contracts/variants-request';
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

/** The body of `PUT product-variants/{id}`: every option, and the rows kept. */
export function variantsRequest(grid: VariantGrid): ProductVariantsRequest {
  return {
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

/**
 * What the shared schema finds wrong with the grid, in its own words (the server's), or null.
 * A variant's own field is named by its row: `S / Black: Price must not be negative`.
 */
export function firstProblem(grid: VariantGrid): string | null {
  const parsed = productVariantsRequestSchema.safeParse(variantsRequest(grid));
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  if (!issue) return null;
  const [field, index] = issue.path;
  const row = field === 'variants' && typeof index === 'number' ? keptRows(grid)[index] : undefined;
  return row ? `${rowLabel(grid.options, row)}: ${issue.message}` : issue.message;
}
