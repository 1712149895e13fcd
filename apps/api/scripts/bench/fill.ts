import mongoose from 'mongoose';
import { CategoryModel } from '../../src/features/categories/model.js';
import { ProductModel } from '../../src/features/products/model.js';
import { PhotoFileModel, photoFileId } from '../../src/features/products/photo-store.js';
import { preparePhoto } from '../../src/features/products/renditions.js';
import { requireSlug } from '../../src/lib/slug.js';
import { CATALOG } from '../../src/seed/catalog.js';
import { renderProductPhoto } from '../../src/seed/photos.js';

const BATCH = 500;

/**
 * Fills the database with `count` products spread over the demo categories, stored as the
 * products feature stores them (slug from the name, photo checked and hashed by the same
 * helpers, its files in the photo collection), in bulk: one photo per category, made once and
 * stored for each of its products (unless `photoFiles` is false: the products keep their photo's
 * metadata, the files are left out).
 */
export async function fillCatalogue(count: number, { photoFiles = true } = {}) {
  const categories = await Promise.all(
    CATALOG.map(async ({ name, theme }) => ({
      doc: await CategoryModel.create({ name, slug: requireSlug(name) }),
      photo: await preparePhoto(await renderProductPhoto(name, theme)),
      templates: CATALOG.find((c) => c.name === name)?.products ?? [],
    })),
  );
  const start = Date.now() - count * 1000;
  for (let first = 0; first < count; first += BATCH) {
    const docs = [];
    const files = [];
    for (let i = first; i < Math.min(count, first + BATCH); i += 1) {
      const category = categories[i % categories.length] as (typeof categories)[number];
      const template = category.templates[i % category.templates.length];
      if (!template) throw new Error('a demo category without products');
      const name = `${template.name} ${i + 1}`;
      const at = new Date(start + i * 1000);
      const _id = new mongoose.Types.ObjectId();
      const { meta, files: photoFiles } = category.photo;
      for (const file of photoFiles) {
        const fileId = photoFileId(String(_id), meta.version, file.size);
        files.push({ _id: fileId, data: file.data, contentType: file.contentType });
      }
      docs.push({
        _id,
        name,
        slug: requireSlug(name),
        description: template.description,
        price: template.price,
        quantity: 1_000_000,
        category: category.doc._id,
        shipping: template.shipping,
        photo: meta,
        createdAt: at,
        updatedAt: at,
      });
    }
    if (photoFiles) await PhotoFileModel.insertMany(files, { lean: true });
    await ProductModel.insertMany(docs, { lean: true });
  }
  return categories.map((c) => ({ id: String(c.doc._id), slug: c.doc.slug }));
}
