import type { SearchAnswer } from './queries.js';

/**
 * Each product's JSON, made once per version of it: the catalogue replaces a product's object
 * at every change of it and never changes one in place, so an object's JSON holds while it lives.
 */
const productJson = new WeakMap<object, string>();

function jsonOfProduct(product: object): string {
  let json = productJson.get(product);
  if (json === undefined) {
    json = JSON.stringify(product);
    productJson.set(product, json);
  }
  return json;
}

/**
 * `GET /search`'s answer as JSON: the bytes JSON.stringify makes of `{ success, products, total,
 * facets }`, each product's JSON kept from one answer to the next.
 */
export const searchAnswerJson = ({ products, total, facets }: SearchAnswer) =>
  `{"success":true,"products":[${products.map(jsonOfProduct).join(',')}],"total":${total},"facets":${JSON.stringify(facets)}}`;
