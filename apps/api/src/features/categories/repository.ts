import type { Category } from '@shop/contracts';
import { writeToCatalogue } from '../../db/catalogue-changes.js';
import { type CategoryDoc, CategoryModel } from './model.js';

/**
 * The categories as stored: the only module that reads or writes them. Every write is announced
 * to the catalogue of every API process (see writeToCatalogue).
 */

const CATEGORIES_CHANGE = { categories: true };

const toCategory = (c: Pick<CategoryDoc, '_id' | 'name' | 'slug'>): Category => ({
  _id: String(c._id),
  name: c.name,
  slug: c.slug,
});

export async function listCategories(): Promise<Category[]> {
  return (await CategoryModel.find().lean<CategoryDoc[]>()).map(toCategory);
}

export async function findCategory(id: string): Promise<Category | null> {
  const category = await CategoryModel.findById(id).lean<CategoryDoc>();
  return category ? toCategory(category) : null;
}

export async function findCategoriesBySlug(slugs: readonly string[]): Promise<Category[]> {
  return (await CategoryModel.find({ slug: { $in: slugs } }).lean<CategoryDoc[]>()).map(toCategory);
}

export const categoryExists = async (id: string) =>
  Boolean(await CategoryModel.exists({ _id: id }));

/** How many categories have this name or slug (all of them without either). */
export const countCategories = (by: { name?: string; slug?: string } = {}) =>
  CategoryModel.countDocuments(by);

/** Whether another category than `exceptId` has the slug. */
export const slugTaken = async (slug: string, exceptId?: string) =>
  Boolean(await CategoryModel.exists(exceptId ? { slug, _id: { $ne: exceptId } } : { slug }));

export interface NewCategory {
  name: string;
  slug: string;
}

/** Throws a duplicate-key error when the slug is taken. */
export function insertCategory(category: NewCategory): Promise<Category> {
  return writeToCatalogue(CATEGORIES_CHANGE, async () =>
    toCategory(await CategoryModel.create(category)),
  );
}

/** Several at once (a bulk import); throws a duplicate-key error when a slug is taken. */
export function insertCategories(categories: readonly NewCategory[]): Promise<Category[]> {
  return writeToCatalogue(CATEGORIES_CHANGE, async () =>
    (await CategoryModel.insertMany(categories)).map(toCategory),
  );
}

/**
 * Inserts the category unless one has its slug (left as an admin may have edited it), with the
 * given creation time; whether it was inserted.
 */
export function insertCategoryIfMissing(category: NewCategory, createdAt: Date): Promise<boolean> {
  return writeToCatalogue(CATEGORIES_CHANGE, async () => {
    const { upsertedCount } = await CategoryModel.updateOne(
      { slug: category.slug },
      { $setOnInsert: { ...category, createdAt, updatedAt: createdAt } },
      { upsert: true, timestamps: false },
    );
    return upsertedCount > 0;
  });
}

/** The renamed category, or null when none has the id; a duplicate-key error when the slug is taken. */
export function renameCategory(id: string, { name, slug }: NewCategory): Promise<Category | null> {
  return writeToCatalogue(CATEGORIES_CHANGE, async () => {
    const renamed = await CategoryModel.findOneAndUpdate(
      { _id: id },
      { $set: { name, slug } },
      { new: true },
    ).lean<CategoryDoc>();
    return renamed ? toCategory(renamed) : null;
  });
}

export interface RemovedCategory {
  /** Puts the category back as it was (same id, name, slug and times). */
  restore: () => Promise<void>;
}

/** Deletes the category; null when none has the id. */
export function removeCategory(id: string): Promise<RemovedCategory | null> {
  return writeToCatalogue(CATEGORIES_CHANGE, async () => {
    const removed = await CategoryModel.findOneAndDelete({ _id: id }).lean<CategoryDoc>();
    if (!removed) return null;
    return {
      restore: () =>
        writeToCatalogue(CATEGORIES_CHANGE, async () => {
          await CategoryModel.collection.insertOne(removed);
        }),
    };
  });
}
