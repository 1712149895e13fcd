import type { Category, CategoryRequest, ListQuery } from '@shop/contracts';
import { conflict, notFound, rethrowDuplicateAs } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { requireSlug } from '../../lib/slug.js';
import type { CatalogStore } from '../catalog/index.js';
import { catalogChanged } from '../catalog/index.js';
import { ProductModel } from '../products/model.js';
import { type CategoryDoc, CategoryModel, toCategory } from './model.js';

const alreadyExists = () => conflict('Category Already Exists');
/** A unique-index clash: another admin saved the same name between our check and our write. */
const onDuplicateName = rethrowDuplicateAs(alreadyExists);
/** One page of the categories, sorted by name (the catalogue keeps them so). */
export const listCategories = (catalog: CatalogStore, query: ListQuery) => ({
  category: pageOf(catalog.allCategories(), query),
  total: catalog.allCategories().length,
});

/** Two names with the same slug ('Books', 'books!') would share one URL, so they clash. */
export async function createCategory({ name }: CategoryRequest): Promise<Category> {
  const slug = requireSlug(name);
  if (await CategoryModel.exists({ slug })) throw alreadyExists();
  const category = await CategoryModel.create({ name, slug }).catch(onDuplicateName);
  await catalogChanged({ categories: true });
  return toCategory(category);
}

/** Renames a category; its slug follows the name. */
export async function updateCategory(id: string, { name }: CategoryRequest): Promise<Category> {
  if (!(await CategoryModel.exists({ _id: id }))) throw notFound('Category not found');
  const slug = requireSlug(name);
  if (await CategoryModel.exists({ slug, _id: { $ne: id } })) throw alreadyExists();
  // updateOne + read back, as everywhere: FerretDB v1 lacks projected findAndModify.
  await CategoryModel.updateOne({ _id: id }, { $set: { name, slug } }).catch(onDuplicateName);
  await catalogChanged({ categories: true });
  const category = await CategoryModel.findById(id).lean<CategoryDoc>();
  if (!category) throw notFound('Category not found');
  return toCategory(category);
}

const stillUsed = (productCount: number) =>
  conflict(
    `Category still has ${productCount} product${productCount === 1 ? '' : 's'}; delete them or move them to another category first`,
  );

/** A category still holding products stays: deleting it would orphan them. */
export async function deleteCategory(id: string): Promise<void> {
  const category = await CategoryModel.findById(id).lean<CategoryDoc>();
  if (!category) throw notFound('Category not found');
  const productCount = await ProductModel.countDocuments({ category: id });
  if (productCount > 0) throw stillUsed(productCount);
  await CategoryModel.deleteOne({ _id: id });
  // No transactions on FerretDB v1: a product saved into this category meanwhile brings it back
  // (saving a product re-checks its category afterwards, so one of the two always notices).
  const lateCount = await ProductModel.countDocuments({ category: id });
  if (lateCount > 0) {
    await CategoryModel.collection.insertOne(category);
    throw stillUsed(lateCount);
  }
  await catalogChanged({ categories: true });
}
