import { productResponseSchema } from '@shop/contracts';
import type { ProductVariantsRequest } from '@shop/contracts/variants-request';
import { sendParsed } from '../../../../lib/api-client';
import { outcome } from '../../shared/outcome';

const variantsUrl = (productId: string) =>
  `/api/v1/product/product-variants/${encodeURIComponent(productId)}`;

const photoUrl = (productId: string, variantId: string) =>
  `${variantsUrl(productId)}/${encodeURIComponent(variantId)}/photo`;

/** Replaces the product's options and variants with the grid's: the saved product. */
export async function saveVariants(productId: string, body: ProductVariantsRequest) {
  return sendParsed('put', variantsUrl(productId), body, outcome(productResponseSchema));
}

export async function uploadVariantPhoto(productId: string, variantId: string, photo: File) {
  const body = new FormData();
  body.append('photo', photo);
  return sendParsed('put', photoUrl(productId, variantId), body, outcome(productResponseSchema));
}

export async function removeVariantPhoto(productId: string, variantId: string) {
  const url = photoUrl(productId, variantId);
  return sendParsed('delete', url, undefined, outcome(productResponseSchema));
}
