import { skuKey } from '../catalogue/index.js';
import {
  changeVariants,
  type ProductFormInput,
  type StoredProduct,
  type StoredVariant,
  updateProduct,
  type VariantsInput,
} from '../products/index.js';
import type { RowInput } from './input.js';
import {
  changeOf,
  combinationOf,
  optionsAfter,
  optionValueColumn,
  type PlanBuilder,
  productFieldsOf,
} from './plan.js';

type VariantInput = VariantsInput['variants'][number];

/** The changes a row makes to a variant's figures (price, stock, weight, tax class). */
function figureChanges(row: RowInput, variant: StoredVariant, builder: PlanBuilder) {
  const { price } = builder.text;
  return [
    ...changeOf(
      'price',
      price(variant.price),
      row.price === undefined ? undefined : price(row.price),
    ),
    ...changeOf('quantity', String(variant.quantity), row.quantity?.toString()),
    ...changeOf('weight', String(variant.weight), row.weight?.toString()),
    ...changeOf('taxClass', variant.taxClass, row.taxClass),
  ];
}

/**
 * The reason an import gives its price changes: the file is the reason, and the import is an
 * entry of the audit log of its own.
 */
const IMPORT_REASON = 'Catalogue import';

/** The product's form as it is now: what updateProduct takes, changed by the rows. */
const formOf = (product: StoredProduct): ProductFormInput => ({
  name: product.name,
  description: product.description,
  category: product.categoryId,
  price: product.price,
  quantity: product.quantity,
  // Refused when a checkout changed the stock since it was read, rather than written back.
  previousQuantity: product.quantity,
  shipping: product.shipping,
  weight: product.weight,
  taxClass: product.taxClass,
  reason: IMPORT_REASON,
});

/** A product sold one way (no options): its only SKU's row; its form takes the changes. */
function planOneWay(
  product: StoredProduct,
  rows: readonly RowInput[],
  form: ProductFormInput,
  builder: PlanBuilder,
) {
  const [only] = product.variants;
  for (const row of rows) {
    if (!only || skuKey(row.sku) !== skuKey(only.sku)) {
      builder.refuse(
        row,
        'sku',
        `${product.slug} is sold one way: give it options in the admin before adding SKUs`,
      );
    } else if (row.options) {
      builder.refuse(
        row,
        'option1 name',
        `${product.slug} has no options: give it options in the admin first`,
      );
    } else {
      form.price = row.price ?? form.price;
      form.quantity = row.quantity ?? form.quantity;
      form.weight = row.weight ?? form.weight;
      form.taxClass = row.taxClass ?? form.taxClass;
      builder.keep(row, { created: false, changes: figureChanges(row, only, builder) });
    }
  }
}

/** What a row is refused for on a product sold as variants, if anything. */
function variantRowProblem(
  product: StoredProduct,
  row: RowInput,
  existing: StoredVariant | undefined,
): [column: string, message: string] | null {
  const names = product.options.map((o) => o.name);
  if (row.options && row.options.map((o) => o.name).join('\u0000') !== names.join('\u0000')) {
    return [
      'option1 name',
      `The options of ${product.slug} are ${names.join(', ')}, in that order`,
    ];
  }
  if (!existing && !row.options) {
    return [
      'option1 value',
      `A new SKU of ${product.slug} needs a value of each of its options (${names.join(', ')})`,
    ];
  }
  if (!existing && row.price === undefined) return ['price', 'Price is required for a new SKU'];
  return null;
}

/**
 * A weight or tax class of the variant's own when the row gives one other than its product's;
 * left out (kept as it is) otherwise.
 */
const ownFigures = (row: RowInput, product: StoredProduct) => ({
  ...(row.weight === undefined
    ? {}
    : { weight: row.weight === product.weight ? null : row.weight }),
  ...(row.taxClass === undefined
    ? {}
    : { taxClass: row.taxClass === product.taxClass ? null : row.taxClass }),
});

/** A product sold as variants: rows change their variants or add new ones. */
function planVariants(product: StoredProduct, rows: readonly RowInput[], builder: PlanBuilder) {
  const bySku = new Map(product.variants.map((v) => [skuKey(v.sku), v]));
  const next = new Map<string, VariantInput>(
    product.variants.map((v) => [
      skuKey(v.sku),
      {
        _id: v._id,
        sku: v.sku,
        options: v.options,
        price: v.price,
        quantity: v.quantity,
        previousQuantity: v.quantity,
      },
    ]),
  );
  for (const row of rows) {
    const existing = bySku.get(skuKey(row.sku));
    const problem = variantRowProblem(product, row, existing);
    if (problem) {
      builder.refuse(row, ...problem);
      continue;
    }
    const values = row.options
      ? Object.fromEntries(row.options.map((o) => [o.name, o.value]))
      : (existing?.options ?? {});
    const combination = combinationOf(product.options, values);
    const taken = [...next.values()].find(
      (v) =>
        skuKey(v.sku) !== skuKey(row.sku) &&
        combinationOf(product.options, v.options) === combination,
    );
    if (taken) {
      builder.refuse(
        row,
        'option1 value',
        `${taken.sku} of ${product.slug} has these options already`,
      );
      continue;
    }
    const base = next.get(skuKey(row.sku));
    next.set(skuKey(row.sku), {
      ...base,
      sku: base?.sku ?? row.sku,
      options: values,
      price: row.price ?? base?.price ?? product.price,
      quantity: row.quantity ?? base?.quantity ?? 0,
      ...ownFigures(row, product),
    });
    const changes = existing
      ? [
          ...product.options.flatMap((o, i) =>
            changeOf(optionValueColumn(i), existing.options[o.name] ?? '', values[o.name]),
          ),
          ...figureChanges(row, existing, builder),
        ]
      : [];
    builder.keep(row, { created: !existing, changes });
  }
  const variants = [...next.values()];
  return { options: optionsAfter(product.options, variants), variants, reason: IMPORT_REASON };
}

/**
 * The plan for the rows of a product the shop has (by a row's SKU, or by its slug for a new
 * SKU): its own fields through its form (updateProduct), its variants through changeVariants
 * (setVariants without reading the product back), so
 * the catalogue's change log, the caches and every check of the admin's screens apply.
 */
export function planExistingProduct(
  product: StoredProduct,
  rows: readonly RowInput[],
  builder: PlanBuilder,
) {
  const refuse = (row: RowInput, column: string, message: string) =>
    builder.refuse(row, column, message);
  for (const row of rows) {
    if (row.slug !== undefined && row.slug !== product.slug) {
      refuse(row, 'slug', `SKU ${row.sku} is a variant of ${product.slug}`);
    }
  }
  const open = () => rows.filter((r) => !builder.isRefused(r));
  // Rows that disagree with an earlier row about the product are refused before any is planned.
  productFieldsOf(open(), refuse);
  const form = formOf(product);
  const oneWay = product.options.length === 0;
  let variantsChanged = false;
  let request: VariantsInput | null = null;
  if (oneWay) planOneWay(product, open(), form, builder);
  else {
    request = planVariants(product, open(), builder);
    variantsChanged = builder.changes;
  }
  const formChanged = oneWay && builder.changes;

  // The product's own fields, from the first row kept that gives each, listed on that row.
  const given = productFieldsOf(open(), () => undefined);
  let fieldsChanged = false;
  const stored = {
    name: product.name,
    description: product.description,
    categoryId: product.categoryId,
  };
  for (const field of ['name', 'description', 'categoryId'] as const) {
    const to = given[field];
    if (!to || to.value === stored[field]) continue;
    fieldsChanged = true;
    const [column, show] =
      field === 'categoryId' ? ['category', builder.text.category] : [field, (v: string) => v];
    builder.addChange(to.row, { field: column, from: show(stored[field]), to: show(to.value) });
  }
  form.name = given.name?.value ?? form.name;
  form.description = given.description?.value ?? form.description;
  form.category = given.categoryId?.value ?? form.category;

  // Its variants alone changed (a price list): written with other products' at once.
  if (request && variantsChanged && !fieldsChanged) {
    return { ...builder.finish(), variants: { productId: product._id, request } };
  }
  return builder.finish(async () => {
    if (formChanged || fieldsChanged) await updateProduct(product._id, form, undefined);
    if (request && variantsChanged) await changeVariants(product._id, request, { caughtUp: false });
  });
}
