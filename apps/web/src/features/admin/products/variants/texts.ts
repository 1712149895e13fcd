import { MAX_OPTIONS, MAX_VARIANTS } from '@shop/contracts';

/** The variants editor's own words; the server's refusals are shown as it words them. */
export const VARIANTS_TEXTS = {
  heading: 'Options and variants',
  save: 'SAVE VARIANTS',
  saveFailed: 'Something went wrong while saving the variants',
  photoFailed: 'Something went wrong while saving the photo',
  perVariant: 'Price and quantity are set per variant, in Options and variants below.',
  maxOptions: `A product has at most ${MAX_OPTIONS} options`,
  tooManyCombinations: (count: number) =>
    `${count} combinations are too many to list: a product has at most ${MAX_VARIANTS} variants`,
  newVariantPhoto: 'Save first to add one',
  productPhoto: 'The product’s photo',
  /** A variant's blank weight or tax class: its product's, which it follows. */
  productsOwn: (value: string) => `${value}, as the product`,
} as const;
