import { ownBytes } from '../../lib/own-bytes.js';
import type { SearchAnswer } from './queries.js';

/**
 * Each product's JSON as UTF-8 bytes, made once per version of it: the catalogue replaces a
 * product's object at every change of it and never changes one in place, so an object's JSON
 * holds while it lives. Bytes of their own (not slices of Node's pool, which they would keep).
 */
const productJson = new WeakMap<object, Buffer>();

function jsonOfProduct(product: object): Buffer {
  let json = productJson.get(product);
  if (json === undefined) {
    json = ownBytes(Buffer.from(JSON.stringify(product)));
    productJson.set(product, json);
  }
  return json;
}

const START = Buffer.from('{"success":true,"products":[');
const COMMA = Buffer.from(',');

/**
 * `GET /search`'s answer as JSON bytes: those JSON.stringify makes of `{ success, products,
 * total, facets }`, each product's kept from one answer to the next and copied in, so that an
 * answer encodes only its facets.
 */
export function searchAnswerJson({ products, total, facets }: SearchAnswer): Buffer {
  const parts: Buffer[] = [START];
  for (const [i, product] of products.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(jsonOfProduct(product));
  }
  parts.push(Buffer.from(`],"total":${total},"facets":${JSON.stringify(facets)}}`));
  return Buffer.concat(parts);
}
