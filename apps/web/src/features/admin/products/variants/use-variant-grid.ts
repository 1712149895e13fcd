import type { Product, ProductPhotoMeta } from '@shop/contracts';
import { MAX_VARIANTS } from '@shop/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  combinationCount,
  gridFromProduct,
  type OptionDraft,
  regrid,
  setForSelected,
  type VariantRow,
} from './grid';
import { VARIANTS_TEXTS } from './texts';

/**
 * The most combinations the grid lists. The schema allows 20 values to each of 3 options
 * (8,000 combinations), far more rows than a page can show or an admin can tick through.
 */
const GRID_LIMIT = 5 * MAX_VARIANTS;

/** The options and variants being edited, from the product as saved until it is saved again. */
export function useVariantGrid(product: Product) {
  const [grid, setGrid] = useState(() => gridFromProduct(product));

  const changeOptions = (options: OptionDraft[]) => {
    const count = combinationCount(options);
    if (count > GRID_LIMIT) {
      toast.error(VARIANTS_TEXTS.tooManyCombinations(count));
      return;
    }
    setGrid((previous) => regrid(previous, options, product));
  };

  const changeRows = (change: (rows: VariantRow[]) => VariantRow[]) =>
    setGrid((previous) => ({ ...previous, rows: change(previous.rows) }));

  return {
    grid,
    changeOptions,
    editRow: (index: number, patch: Partial<VariantRow>) =>
      changeRows((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row))),
    selectAll: (selected: boolean) =>
      changeRows((rows) => rows.map((row) => ({ ...row, selected }))),
    setForSelected: (change: { price: string; quantity: string }) =>
      changeRows((rows) => setForSelected(rows, change)),
    setPhoto: (variantId: string, photo: ProductPhotoMeta | null) =>
      changeRows((rows) => rows.map((row) => (row._id === variantId ? { ...row, photo } : row))),
    reset: (saved: Product) => setGrid(gridFromProduct(saved)),
  };
}
