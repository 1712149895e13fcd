import type { ProductPhotoMeta } from '@shop/contracts';
import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueCsvColumn,
  optionColumns,
} from '@shop/contracts/catalogue-csv';
import { decimalText, toMajorUnits } from '@shop/contracts/money';
import { photoRenditions, photoRenditionUrl } from '@shop/contracts/photo-urls';
import type { Minor } from '../../lib/money.js';
import type { StoredProduct, StoredVariant } from '../products/index.js';

/** A row of the catalogue's CSV by its columns' names. */
export type CsvRow = Partial<Record<CatalogueCsvColumn, string>>;

/**
 * A price as the CSV writes and reads it: major units with the currency's decimals, as the API
 * answers it ('24.50'). The import compares a row with the product in this form too.
 */
export const csvPrice = (amount: Minor, currency: string) =>
  decimalText(toMajorUnits(amount, currency), currency);

/**
 * The absolute URL (under the shop's `origin`) of the largest rendition of the photo the variant
 * shows (its own, else its product's): absolute, so that the file imported into another shop can
 * fetch it from this one.
 */
export function photoUrlOf(product: StoredProduct, variant: StoredVariant, origin: string): string {
  const [ownerId, photo]: [string, ProductPhotoMeta | null] = variant.photo
    ? [variant._id, variant.photo]
    : [product._id, product.photo];
  const largest = photo ? photoRenditions(photo).at(-1) : undefined;
  return photo && largest ? `${origin}${photoRenditionUrl(ownerId, photo, largest.width)}` : '';
}

/** The option columns of the variant: each option's name and the variant's value of it. */
const optionCellsOf = (product: StoredProduct, variant: StoredVariant): CsvRow =>
  Object.fromEntries(
    product.options.flatMap((option, i) => {
      const [name, value] = optionColumns(i + 1);
      return [
        [name, option.name],
        [value, variant.options[option.name] ?? ''],
      ];
    }),
  );

/** The variant's row: its product's fields, its options, its own figures. */
export const csvRowOf = (
  product: StoredProduct,
  variant: StoredVariant,
  context: { currency: string; categorySlugs: ReadonlyMap<string, string>; origin: string },
): string[] => {
  const row: CsvRow = {
    slug: product.slug,
    name: product.name,
    description: product.description,
    category: context.categorySlugs.get(product.categoryId) ?? '',
    ...optionCellsOf(product, variant),
    sku: variant.sku,
    price: csvPrice(variant.price, context.currency),
    quantity: String(variant.quantity),
    weight: String(variant.weight),
    taxClass: variant.taxClass,
    photo: photoUrlOf(product, variant, context.origin),
  };
  return CATALOGUE_CSV_COLUMNS.map((column) => row[column] ?? '');
};
