import { productResponseSchema } from '@shop/contracts';
import type { ProductVariantsRequest } from '@shop/contracts/variants-request';
import { mutationOptions } from '@tanstack/react-query';
import { sendParsed } from '../../../../lib/api-client';
import { invalidate } from '../../../../lib/query';
import { productQueries } from '../../../products';
import { outcome } from '../../shared/outcome';
import { adminProductQueries, productChanged } from '../api';

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

/**
 * The variants editor's writes. Saving the grid changes prices and stock as a product's edit
 * does (its screen stays, and reads the product again); a variant's photo changes the product
 * reads that show it.
 */
export const variantWrites = {
  save: (productId: string) =>
    mutationOptions({
      mutationFn: (body: ProductVariantsRequest) => saveVariants(productId, body),
      onSuccess: (_saved, _body, _result, { client }) => productChanged(client),
    }),
  photo: (productId: string) =>
    mutationOptions({
      mutationFn: ({ variantId, file }: { variantId: string; file: File | null }) =>
        file
          ? uploadVariantPhoto(productId, variantId, file)
          : removeVariantPhoto(productId, variantId),
      onSuccess: (_saved, _sent, _result, { client }) =>
        invalidate(client, [productQueries.all, adminProductQueries.all]),
    }),
};
