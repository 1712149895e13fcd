import { storeSchema } from '@shop/contracts';
import { productForm, sendForm } from './catalogue.js';
import type { Api } from './harness.js';

/**
 * A server entry that renders what the web's screens read (apps/web's routes): every screen the
 * store's name and the categories; a product page the product, its reviews and its related
 * products; a category page and the home page their list of cards (name, price, rating). Each
 * render ends with its number in the process, so a page made again never has the bytes (nor the
 * ETag) of the one kept before it.
 */
export const SHOWING_SERVER_ENTRY = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
const cards = (products) =>
  '<ul>' + products.map((p) => '<li>' + escape(p.name) + ' ' + p.price + ' ' + p.rating.count + '</li>').join('') + '</ul>';
let renders = 0;
async function screen(pathname, page, reads) {
  const product = /^\\/product\\/([^/]+)$/.exec(pathname);
  const category = /^\\/category\\/([^/]+)$/.exec(pathname);
  if (product) {
    const { product: shown } = await reads.product(decodeURIComponent(product[1]));
    const [related, reviews] = await Promise.all([
      reads.relatedProducts(shown._id, shown.category._id),
      reads.productReviews(shown._id, { page: 1, perPage: 5 }),
    ]);
    return '<h1>' + escape(shown.name) + ' ' + shown.price + '</h1><p>' + reviews.reviews.length + ' reviews</p>' + cards(related.products);
  }
  if (category) {
    const query = 'category=' + category[1] + '&page=' + page + '&perPage=20';
    const { products } = await reads.facetedSearch(query);
    return cards(products);
  }
  return pathname === '/' ? cards((await reads.productPage(page)).products) : '';
}
export async function render(url, reads) {
  renders += 1;
  const rendered = renders;
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const [store, categories] = await Promise.all([reads.store(), reads.categories()]);
  const main = await screen(pathname, Number(searchParams.get('page') ?? 1), reads);
  const header = '<header>' + escape(store.name) + ' ' + categories.category.length + '</header>';
  return { html: header + '<main>' + main + '</main><i>render ' + rendered + '</i>' };
}
export async function firstReads() {
  return [];
}
`;

/** A product as the admin's form changes it: its other fields stay as they were made. */
interface EditedProduct {
  id: string;
  name: string;
  categoryId: string;
  /** As made by makeProduct unless said. */
  description?: string;
  quantity?: number;
}

/** The admin changes the product's price through the API (saying why), nothing else of it. */
export const changePrice = (
  api: Api,
  adminToken: string,
  { id, name, categoryId, description = 'A thing worth having', quantity = 5 }: EditedProduct,
  price: number,
) =>
  sendForm(
    api.put(`/api/v1/product/update-product/${id}`).set('Authorization', adminToken),
    productForm(categoryId, {
      name,
      description,
      quantity: String(quantity),
      price: String(price),
      reason: 'Kept pages test',
    }),
  ).expect(200);

/** The ETag each page is sent with now (`etagOf` asks one), by path. */
export async function etagsOf(
  etagOf: (path: string) => Promise<string | undefined>,
  paths: readonly string[],
) {
  const etags: Record<string, string | undefined> = {};
  for (const path of paths) etags[path] = await etagOf(path);
  return etags;
}

/** An admin renames the store in Store settings, every other setting as it is. */
export async function nameStore(api: Api, token: string, name: string) {
  const current = storeSchema.parse((await api.get('/api/v1/store').expect(200)).body);
  await api
    .put('/api/v1/store')
    .set('Authorization', token)
    .send({ ...current, name })
    .expect(200);
}
