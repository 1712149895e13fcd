import type { ProductFormValues } from '@shop/contracts';
import type { ProductVariantsValues } from '@shop/contracts/variants-request';
import { fromMajor, type Minor } from '../../lib/money.js';
import { storeCurrency } from '../store/index.js';

/**
 * The admin's product requests as the use cases take them: their prices, major units of the store
 * currency as the contract has them, in minor units.
 */

export type ProductFormInput = Omit<ProductFormValues, 'price'> & { price: Minor };

type VariantInput = Omit<ProductVariantsValues['variants'][number], 'price'> & { price: Minor };
export type VariantsInput = Omit<ProductVariantsValues, 'variants'> & { variants: VariantInput[] };

export async function productFormInput(form: ProductFormValues): Promise<ProductFormInput> {
  return { ...form, price: fromMajor(form.price, await storeCurrency()) };
}

export async function variantsInput(request: ProductVariantsValues): Promise<VariantsInput> {
  const currency = await storeCurrency();
  return {
    ...request,
    variants: request.variants.map((v) => ({ ...v, price: fromMajor(v.price, currency) })),
  };
}
