import type { ProductOption } from '@shop/contracts';
import type { RowChange, RowError } from '@shop/contracts/catalogue-csv';
import type { Minor } from '../../lib/money.js';
import type { NewProduct, VariantsChange } from '../products/index.js';
import type { RowInput } from './input.js';
import { csvPrice } from './presenter.js';

/**
 * What the import does with the rows of one product, worked out before anything is written:
 * each row's outcome, the changes, the rows refused (with why), and the write that makes the
 * rest so (none when nothing changes). A dry run stops here.
 */
export interface ProductPlan {
  /** The rows of the product not refused, which a failed write refuses together. */
  rows: number[];
  created: number;
  updated: number;
  unchanged: number;
  changes: RowChange[];
  errors: RowError[];
  write?: () => Promise<unknown>;
  /** Its variants alone change: what the import writes with other products' at once. */
  variants?: VariantsChange;
  /** A new product: what `write` inserts, for the import to insert with others at once. */
  insert?: NewProduct;
  /** The rows' photos, given once the product is written (see ./photo-rows.ts). */
  photos?: () => Promise<void>;
}

/** How the plan writes figures and names as the CSV shows them. */
export interface PlanContext {
  currency: string;
  categorySlugOf: (categoryId: string) => string;
}

/** The product's own fields a row may give (all its rows give the same, or the first wins). */
export const PRODUCT_FIELDS = ['name', 'description', 'categoryId'] as const;
type ProductField = (typeof PRODUCT_FIELDS)[number];

const COLUMN_OF: Record<ProductField, string> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
};

/**
 * The product fields the rows give, from the first row giving each; a later row giving another
 * value is refused (two rows cannot both be right about one product).
 */
export function productFieldsOf(
  rows: readonly RowInput[],
  refuse: (row: RowInput, column: string, message: string) => void,
): Partial<Record<ProductField, { value: string; row: number }>> {
  const fields: Partial<Record<ProductField, { value: string; row: number }>> = {};
  for (const row of rows) {
    for (const field of PRODUCT_FIELDS) {
      const value = row[field];
      if (value === undefined) continue;
      const first = fields[field];
      if (!first) fields[field] = { value, row: row.row };
      else if (first.value !== value) {
        refuse(row, COLUMN_OF[field], `Differs from row ${first.row} of the same product`);
      }
    }
  }
  return fields;
}

type FieldChange = Omit<RowChange, 'row' | 'sku'>;

/** Collects a plan's outcome row by row; `finish` counts it. */
export class PlanBuilder {
  private readonly errors: RowError[] = [];
  private readonly refused = new Set<number>();
  private readonly kept = new Map<
    number,
    { sku: string; created: boolean; changes: FieldChange[] }
  >();

  constructor(private readonly context: PlanContext) {}

  refuse(row: RowInput, column: string, message: string) {
    this.errors.push({ row: row.row, column, message });
    this.refused.add(row.row);
  }

  isRefused(row: RowInput) {
    return this.refused.has(row.row);
  }

  /** Texts as the CSV writes them, for a change's `from` and `to`. */
  text = {
    price: (amount: Minor) => csvPrice(amount, this.context.currency),
    category: (categoryId: string) => this.context.categorySlugOf(categoryId),
  };

  /** A row kept: created, or updated by the changes listed (unchanged without any). */
  keep(row: RowInput, outcome: { created: boolean; changes: FieldChange[] }) {
    this.kept.set(row.row, { sku: row.sku, ...outcome });
  }

  /** One more change of a row kept (its product's own fields, given on it). */
  addChange(row: number, change: FieldChange) {
    this.kept.get(row)?.changes.push(change);
  }

  /** Whether anything kept changes. */
  get changes() {
    return [...this.kept.values()].some((k) => k.created || k.changes.length > 0);
  }

  finish(write?: () => Promise<unknown>): ProductPlan {
    const plan: ProductPlan = {
      rows: [],
      created: 0,
      updated: 0,
      unchanged: 0,
      changes: [],
      errors: this.errors,
    };
    for (const [row, { sku, created, changes }] of [...this.kept].sort(([a], [b]) => a - b)) {
      plan.rows.push(row);
      plan.changes.push(...changes.map((c) => ({ row, sku, ...c })));
      if (created) plan.created += 1;
      else if (changes.length > 0) plan.updated += 1;
      else plan.unchanged += 1;
    }
    return this.changes && write ? { ...plan, write } : plan;
  }
}

/** A field's change when the row's value differs from what is stored (as CSV text both). */
export const changeOf = (field: string, from: string, to: string | undefined) =>
  to === undefined || to === from ? [] : [{ field, from, to }];

/** The option columns a row's values are reported under: `option1 value`, … */
export const optionValueColumn = (index: number) => `option${index + 1} value`;

/**
 * The options of a product's variants after the import: each option's values in their order,
 * those no variant has any more left out, new ones after.
 */
export function optionsAfter(
  options: readonly ProductOption[],
  variants: readonly { options: Record<string, string> }[],
): ProductOption[] {
  return options.map(({ name }, i) => {
    const used = variants.map((v) => v.options[name] ?? '');
    const known = options[i]?.values ?? [];
    const values = [...known, ...used].filter((value, at, all) => all.indexOf(value) === at);
    return { name, values: values.filter((value) => used.includes(value)) };
  });
}

/** The key of a variant's combination of values, to find two variants alike. */
export const combinationOf = (
  options: readonly { name: string }[],
  values: Record<string, string>,
) => JSON.stringify(options.map((o) => values[o.name]));
