import { type Dashboard, LOW_STOCK_LISTED, type LowStockItem } from '@shop/contracts/dashboard';
import { type CatalogueStore, currentCatalogue } from '../catalogue/index.js';
import { currentFigures, forgetKeptFigures } from './read-figures.js';
import { saveLowStockThreshold } from './repository.js';

/**
 * Variants with fewer units than `threshold`, lowest first (then by name and SKU), from the
 * process's catalogue: no database read.
 */
function lowStockIn(catalogue: CatalogueStore, threshold: number) {
  const low: LowStockItem[] = [];
  for (const { product } of catalogue.newestFirst()) {
    for (const variant of product.variants) {
      if (variant.quantity >= threshold) continue;
      low.push({
        productId: product._id,
        name: product.name,
        slug: product.slug,
        variantId: variant._id,
        sku: variant.sku,
        options: variant.options,
        quantity: variant.quantity,
      });
    }
  }
  low.sort(
    (a, b) => a.quantity - b.quantity || a.name.localeCompare(b.name) || a.sku.localeCompare(b.sku),
  );
  return { items: low.slice(0, LOW_STOCK_LISTED), total: low.length };
}

/** Everything the admin dashboard's first screen shows. */
export async function readDashboard(): Promise<Dashboard> {
  const [figures, catalogue] = await Promise.all([currentFigures(), currentCatalogue()]);
  const { threshold, asOf, ...rest } = figures;
  return {
    ...rest,
    lowStock: { threshold, ...lowStockIn(catalogue, threshold) },
    asOf: asOf.toISOString(),
  };
}

export async function setLowStockThreshold(threshold: number): Promise<void> {
  await saveLowStockThreshold(threshold);
  forgetKeptFigures();
}
