import type { Category, CategoryRequest, ListQuery } from '@shop/contracts';
import { conflict, notFound, rethrowDuplicateAs } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { requireSlug } from '../../lib/slug.js';
import type { CatalogueStore } from '../catalogue/index.js';
import {
  findCategory,
  insertCategory,
  removeCategory,
  renameCategory,
  slugTaken,
} from './repository.js';

const alreadyExists = () => conflict('Category Already Exists', 'name');
/** A unique-index clash: another admin saved the same name between our check and our write. */
const onDuplicateName = rethrowDuplicateAs(alreadyExists);
const categoryNotFound = () => notFound('Category not found');

/** One page of the categories, sorted by name (the catalogue keeps them so). */
export const listCategories = (catalogue: CatalogueStore, query: ListQuery) => ({
  category: pageOf(catalogue.allCategories(), query),
  total: catalogue.allCategories().length,
});

/** The categories read as its route answers it (routes.ts) and the server render reads it. */
export const categoryListAnswer = (catalogue: CatalogueStore, query: ListQuery) => ({
  success: true as const,
  message: 'All Categories List',
  ...listCategories(catalogue, query),
});

/** Two names with the same slug ('Books', 'books!') would share one URL, so they clash. */
export async function createCategory({ name }: CategoryRequest): Promise<Category> {
  const slug = requireSlug(name);
  if (await slugTaken(slug)) throw alreadyExists();
  return insertCategory({ name, slug }).catch(onDuplicateName);
}

/** Renames a category; its slug follows the name. */
export async function updateCategory(id: string, { name }: CategoryRequest): Promise<Category> {
  if (!(await findCategory(id))) throw categoryNotFound();
  const slug = requireSlug(name);
  if (await slugTaken(slug, id)) throw alreadyExists();
  const renamed = await renameCategory(id, { name, slug }).catch(onDuplicateName);
  if (!renamed) throw categoryNotFound();
  return renamed;
}

const stillUsed = (productCount: number) =>
  conflict(
    `Category still has ${productCount} product${productCount === 1 ? '' : 's'}; delete them or move them to another category first`,
  );

/**
 * How many products are in a category, as their repository counts them (the products feature
 * refers to categories, so it is given here by the app rather than imported back).
 */
export type ProductsInCategory = (categoryId: string) => Promise<number>;

/** A category still holding products stays: deleting it would orphan them. */
export async function deleteCategory(id: string, productsIn: ProductsInCategory): Promise<void> {
  if (!(await findCategory(id))) throw categoryNotFound();
  const productCount = await productsIn(id);
  if (productCount > 0) throw stillUsed(productCount);
  const removed = await removeCategory(id);
  if (!removed) throw categoryNotFound();
  // Two documents, no transaction: a product saved into this category meanwhile brings it back
  // (saving a product re-checks its category afterwards, so one of the two always notices).
  const lateCount = await productsIn(id);
  if (lateCount > 0) {
    await removed.restore();
    throw stillUsed(lateCount);
  }
}
