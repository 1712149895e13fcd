import { DEFAULT_TAX_CLASS } from '@shop/contracts';
import { lowest } from '../../lib/money.js';
import { toSlug } from '../../lib/slug.js';
import {
  insertProduct,
  type NewProduct,
  type NewVariant,
  newProductId,
} from '../products/index.js';
import type { RowInput } from './input.js';
import { combinationOf, optionsAfter, type PlanBuilder, productFieldsOf } from './plan.js';

/** What a new product's rows must give, at least one of them each. */
const REQUIRED = [
  ['name', 'name'],
  ['description', 'description'],
  ['categoryId', 'category'],
] as const;

/**
 * The plan for the rows of a slug the shop does not have: one new product, of its rows' SKUs.
 * Its name, description and category come from its rows (required); its slug is made from its
 * name as the admin's form makes it, so the file's must be that one. One row without options is
 * a product sold one way; several rows are its variants, each with a value of the same options.
 */
export function planNewProduct(slug: string, rows: readonly RowInput[], builder: PlanBuilder) {
  const fields = productFieldsOf(rows, (row, column, message) =>
    builder.refuse(row, column, message),
  );
  const open = () => rows.filter((r) => !builder.isRefused(r));
  const given = open();
  for (const [field, column] of REQUIRED) {
    if (fields[field]) continue;
    for (const row of given)
      builder.refuse(row, column, `A new product (${slug}) needs a ${column}`);
  }
  const name = fields.name?.value ?? '';
  if (name && toSlug(name) !== slug) {
    for (const row of open()) {
      builder.refuse(
        row,
        'slug',
        `A new product's slug is made from its name: ${toSlug(name) || '(none)'}`,
      );
    }
  }
  for (const row of open()) {
    if (row.price === undefined) builder.refuse(row, 'price', 'Price is required for a new SKU');
  }
  const [first] = open();
  const options = (first?.options ?? []).map((o) => ({ name: o.name, values: [] as string[] }));
  const names = options.map((o) => o.name).join('\u0000');
  const combinations = new Set<string>();
  for (const row of open()) {
    const values = Object.fromEntries((row.options ?? []).map((o) => [o.name, o.value]));
    const combination = combinationOf(options, values);
    if ((row.options ?? []).map((o) => o.name).join('\u0000') !== names) {
      builder.refuse(
        row,
        'option1 name',
        `The rows of ${slug} must give the same options as row ${first?.row}`,
      );
    } else if (combinations.has(combination)) {
      builder.refuse(row, 'option1 value', `Another row of ${slug} has these options already`);
    } else combinations.add(combination);
  }
  if (options.length === 0 && open().length > 1) {
    for (const row of open()) {
      builder.refuse(
        row,
        'option1 name',
        `${slug} has several SKUs: give each a value of its options`,
      );
    }
  }
  const kept = open();
  if (kept.length === 0) return builder.finish();
  for (const row of kept) builder.keep(row, { created: true, changes: [] });

  const _id = newProductId();
  const weight = kept[0]?.weight ?? 0;
  const taxClass = kept[0]?.taxClass ?? DEFAULT_TAX_CLASS;
  const variants = kept.flatMap((row): NewVariant[] =>
    row.price === undefined
      ? []
      : [
          {
            // A product sold one way is one variant of its own id (see the products' repository).
            _id: options.length === 0 ? _id : newProductId(),
            sku: row.sku,
            options: Object.fromEntries((row.options ?? []).map((o) => [o.name, o.value])),
            price: row.price,
            quantity: row.quantity ?? 0,
            ...(row.weight === undefined || row.weight === weight ? {} : { weight: row.weight }),
            ...(row.taxClass === undefined || row.taxClass === taxClass
              ? {}
              : { taxClass: row.taxClass }),
            photo: null,
          },
        ],
  );
  const product: NewProduct = {
    _id,
    name,
    slug,
    description: fields.description?.value ?? '',
    categoryId: fields.categoryId?.value ?? '',
    price: lowest(variants.map((v) => v.price)),
    quantity: 0,
    shipping: 0,
    weight,
    taxClass,
    // Given after the insert, from the rows' photo URLs (see ./photo-rows.ts).
    photo: null,
    variants: { options: optionsAfter(options, variants), variants },
  };
  const plan = builder.finish(() => insertProduct(product));
  return plan.write ? { ...plan, insert: product } : plan;
}
