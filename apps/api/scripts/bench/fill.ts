import { insertCategories } from '../../src/features/categories/repository.js';
import { insertPhotoFiles } from '../../src/features/products/photo-store.js';
import { type PreparedPhoto, preparePhoto } from '../../src/features/products/renditions.js';
import {
  insertProducts,
  type NewProduct,
  newProductId,
  type VariantSet,
} from '../../src/features/products/repository.js';
import { requireSlug } from '../../src/lib/slug.js';
import { CATALOGUE } from '../../src/seed/catalogue.js';
import { renderProductPhoto } from '../../src/seed/photos.js';

const BATCH = 500;

/** A product's sizes: one variant each, a unit dearer than the one before. */
function inSizes(slug: string, price: number, count: number): VariantSet {
  const sizes = Array.from({ length: count }, (_, i) => `S${i + 1}`);
  return {
    options: [{ name: 'Size', values: sizes }],
    variants: sizes.map((size, i) => ({
      _id: newProductId(),
      sku: `${slug}-${size}`,
      options: { Size: size },
      price: price + i,
      quantity: 1_000_000,
    })),
  };
}

/**
 * Fills the database with `count` products spread over the demo categories, stored through the
 * products' repository (slug from the name, photo checked and hashed by the same helpers, its
 * files in the photo collection), in bulk: one photo per category, made once and stored for each
 * of its products (unless `photoFiles` is false: the products keep their photo's metadata, the
 * files are left out). With `variants` above 1, each product comes in that many sizes, each
 * dearer than the last (SKU `<slug>-<size>`).
 */
export async function fillCatalogue(count: number, { photoFiles = true, variants = 1 } = {}) {
  const demo = CATALOGUE.map((category) => ({ ...category, slug: requireSlug(category.name) }));
  const stored = await insertCategories(demo.map(({ name, slug }) => ({ name, slug })));
  const categories = await Promise.all(
    demo.map(async ({ name, slug, theme, products }) => ({
      id: stored.find((c) => c.slug === slug)?._id ?? '',
      photo: await preparePhoto(await renderProductPhoto(name, theme)),
      templates: products,
    })),
  );
  const start = Date.now() - count * 1000;
  for (let first = 0; first < count; first += BATCH) {
    const batch: { product: NewProduct; photo: PreparedPhoto }[] = [];
    for (let i = first; i < Math.min(count, first + BATCH); i += 1) {
      const category = categories[i % categories.length] as (typeof categories)[number];
      const template = category.templates[i % category.templates.length];
      if (!template) throw new Error('a demo category without products');
      const name = `${template.name} ${i + 1}`;
      const product: NewProduct = {
        _id: newProductId(),
        name,
        slug: requireSlug(name),
        description: template.description,
        price: template.price,
        quantity: 1_000_000,
        categoryId: category.id,
        shipping: template.shipping,
        photo: category.photo.meta,
        createdAt: new Date(start + i * 1000),
        ...(variants > 1 ? { variants: inSizes(requireSlug(name), template.price, variants) } : {}),
      };
      batch.push({ product, photo: category.photo });
    }
    if (photoFiles) {
      await insertPhotoFiles(
        batch.map(({ product, photo }) => ({ productId: product._id, photo })),
      );
    }
    await insertProducts(batch.map(({ product }) => product));
  }
  return stored.map((c) => ({ id: c._id, slug: c.slug }));
}
