import { decimalText, type Product as ProductAnswer, type ProductVariant } from '@shop/contracts';
import type { ItemAvailability, ItemList, Offer, Product, Review, WithContext } from 'schema-dts';

/** A link of a breadcrumb trail or a list: its name and absolute URL. */
export interface Link {
  name: string;
  url: string;
}

/** A review as the product's structured data quotes it. */
export interface QuotedReview {
  author: string;
  rating: number;
  title: string;
  body: string;
  datePublished: string;
}

const availability = (quantity: number): ItemAvailability =>
  quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

const variantName = (variant: ProductVariant) =>
  Object.entries(variant.options)
    .map(([option, value]) => `${option}: ${value}`)
    .join(', ');

/**
 * One Offer per variant, each with its SKU, price and own availability: a product's sizes are
 * priced and stocked each on their own, so a sold-out size shows as such beside those in stock,
 * which an AggregateOffer (a price range and one availability) cannot say; an AggregateOffer is
 * also meant for several sellers' offers, and merchant listings read only Offers. A product of
 * one variant has one Offer.
 */
function offersOf(
  product: ProductAnswer,
  { url, currency, seller }: { url: string; currency: string; seller: string },
): Offer | Offer[] {
  const offer = (price: number, quantity: number): Offer => ({
    '@type': 'Offer',
    url,
    price: decimalText(price, currency),
    priceCurrency: currency.toUpperCase(),
    availability: availability(quantity),
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: seller },
  });
  const [only, ...others] = product.variants;
  if (!only) return offer(product.price, product.quantity);
  if (others.length === 0) return { ...offer(only.price, only.quantity), sku: only.sku };
  return product.variants.map((variant) => ({
    ...offer(variant.price, variant.quantity),
    sku: variant.sku,
    name: variantName(variant),
  }));
}

/**
 * schema.org Product: name, description, photo, offers (the store, by its name, their seller),
 * and its rating once it has reviews.
 */
export function productJsonLd(
  product: ProductAnswer,
  {
    url,
    image,
    reviews,
    currency,
    seller,
  }: {
    url: string;
    image?: string;
    reviews: readonly QuotedReview[];
    currency: string;
    seller: string;
  },
): WithContext<Product> {
  const [only, ...others] = product.variants;
  const { average, count } = product.rating;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url,
    ...(image ? { image: [image] } : {}),
    ...(only && others.length === 0 ? { sku: only.sku } : {}),
    ...(product.category ? { category: product.category.name } : {}),
    offers: offersOf(product, { url, currency, seller }),
    ...(count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: average,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(count > 0 && reviews.length > 0
      ? {
          review: reviews.map(
            (review): Review => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: review.author },
              name: review.title,
              reviewBody: review.body,
              datePublished: review.datePublished,
              reviewRating: {
                '@type': 'Rating',
                ratingValue: review.rating,
                bestRating: 5,
                worstRating: 1,
              },
            }),
          ),
        }
      : {}),
  };
}

/**
 * The trail from the home page to this one, this one last. Each `item` is the page's URL, as
 * search engines document it (schema-dts types `item` as a Thing only, so the type is ours).
 */
export const breadcrumbJsonLd = (trail: readonly Link[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map(({ name, url }, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name,
    item: url,
  })),
});

/** A listing's first products, in the order shown, and how many it holds in all. */
export const itemListJsonLd = (items: readonly Link[], total: number): WithContext<ItemList> => ({
  '@context': 'https://schema.org',
  '@type': 'ItemList',
  numberOfItems: total,
  itemListElement: items.map(({ name, url }, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name,
    url,
  })),
});
