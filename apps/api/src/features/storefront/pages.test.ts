import { rmSync } from 'node:fs';
import { LIST_DEFAULT_PER_PAGE, photoRenditionUrl } from '@shop/contracts';
import { afterAll } from 'vitest';
import { makeShirt, uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { aReview, buyerOf, postReview } from '../../test/reviews.js';
import { expectSchemaOrgProduct, readHead, writeBuiltSpa } from '../../test/storefront.js';

const ORIGIN = 'https://shop.example';
const dist = writeBuiltSpa();
test.override('appEnv', { scope: 'file' }, { WEB_DIST: dist, PUBLIC_URL: ORIGIN });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('storefront pages: the head of the HTML the server sends', () => {
  test('when the home page is asked with unknown parameters, then its spec title, its one canonical URL, previews and the newest products as an ItemList', async ({
    api,
    addProduct,
  }) => {
    await addProduct();
    const newest = await addProduct({ name: `Lamp ${uniqueWord()}` });

    const res = await api.get('/?utm_source=mail&b=2').expect(200);

    const head = readHead(res);
    expect(head.title).toBe('All Products - Best offers - Ecommerce App');
    expect(head.html.match(/<title>/g)).toHaveLength(1);
    expect(head.meta('description')).toBe(
      'Browse all products, filter by category and price, and add them to your cart',
    );
    expect(head.canonical).toBe(`${ORIGIN}/`);
    expect(head.meta('og:title')).toBe('All Products - Best offers');
    expect(head.meta('og:url')).toBe(`${ORIGIN}/`);
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('twitter:card')).toBe('summary');
    expect(head.meta('robots')).toBeUndefined();
    // The rest of index.html is as built: its other tags, its script, the root.
    expect(head.meta('keywords')).toBe('shop,ecommerce,online store,products,categories');
    expect(head.document.querySelector('script[type="module"]')).not.toBeNull();
    expect(head.document.querySelector('#root')).not.toBeNull();
    const list = head.ofType('ItemList') as {
      numberOfItems: number;
      itemListElement: { position: number; name: string; url: string }[];
    };
    expect(list.numberOfItems).toBeGreaterThanOrEqual(2);
    expect(list.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: newest.name,
      url: `${ORIGIN}/product/${newest.slug}`,
    });
  });

  test('when a product page is asked, then its name is the title, its photo the preview, and its JSON-LD a schema.org Product with an Offer and a BreadcrumbList', async ({
    api,
    addProduct,
    category,
  }) => {
    const lamp = await addProduct({
      name: `Desk lamp ${uniqueWord()}`,
      description: 'A warm desk light\nwith a long arm.',
      price: 24.5,
      quantity: 3,
    });

    const res = await api.get(`/product/${lamp.slug}?ref=mail&a=1`).expect(200);

    const head = readHead(res);
    const url = `${ORIGIN}/product/${lamp.slug}`;
    expect(head.title).toBe(`${lamp.name} - Ecommerce App`);
    expect(head.meta('description')).toBe('A warm desk light with a long arm.');
    expect(head.canonical).toBe(url);
    expect(head.meta('og:type')).toBe('product');
    expect(head.meta('og:title')).toBe(lamp.name);
    expect(head.meta('og:url')).toBe(url);
    // The test photo is 4 px wide: its largest rendition is the 320 one, 4 × 4.
    const image = ORIGIN + photoRenditionUrl(lamp.id, lamp.photoMeta, 320);
    expect(head.meta('og:image')).toBe(image);
    expect(head.meta('og:image:width')).toBe('4');
    expect(head.meta('og:image:height')).toBe('4');
    expect(head.meta('product:price:amount')).toBe('24.50');
    expect(head.meta('product:price:currency')).toBe('USD');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:image')).toBe(image);

    const product = head.ofType('Product');
    expectSchemaOrgProduct(product);
    expect(product).toMatchObject({
      name: lamp.name,
      url,
      image: [image],
      category: category.name,
      offers: {
        '@type': 'Offer',
        price: '24.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        sku: lamp.slug,
      },
    });
    expect(product?.aggregateRating).toBeUndefined();
    expect(head.ofType('BreadcrumbList')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: 'All Products - Best offers',
          item: `${ORIGIN}/`,
        },
        {
          '@type': 'ListItem',
          position: 2,
          name: category.name,
          item: `${ORIGIN}/category/${category.slug}`,
        },
        { '@type': 'ListItem', position: 3, name: lamp.name, item: url },
      ],
    });
  });

  test('when a product is sold out, then its Offer says OutOfStock', async ({
    api,
    addProduct,
  }) => {
    const gone = await addProduct({ quantity: 0 });
    const head = readHead(await api.get(`/product/${gone.slug}`).expect(200));
    expect(head.ofType('Product')?.offers).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
    });
  });

  test('when a product has variants, then one Offer per variant with its SKU, price and own availability', async ({
    api,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const head = readHead(await api.get(`/product/${shirt.product.slug}`).expect(200));
    const product = head.ofType('Product');
    expectSchemaOrgProduct(product);
    const offers = product?.offers as Record<string, unknown>[];
    expect(offers).toHaveLength(4);
    const offerOf = (size: string, colour: string) =>
      offers.find((offer) => offer.sku === shirt.variant(size, colour).sku);
    expect(offerOf('S', 'Black')).toMatchObject({
      price: '20.00',
      availability: 'https://schema.org/OutOfStock',
      name: 'Size: S, Colour: Black',
    });
    expect(offerOf('L', 'Black')).toMatchObject({
      price: '22.50',
      availability: 'https://schema.org/InStock',
    });
    expect(offerOf('M', 'White')).toMatchObject({ price: '18.00' });
    expect(product?.sku).toBeUndefined();
    // No photo: a summary card, no image.
    expect(head.meta('og:image')).toBeUndefined();
    expect(head.meta('twitter:card')).toBe('summary');
  });

  test('when a product has reviews, then its AggregateRating and its newest reviews at the first view', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    await postReview(api, product.id, await buyerOf(product), aReview({ rating: 5 }));
    await postReview(
      api,
      product.id,
      await buyerOf(product),
      aReview({ rating: 4, title: 'Good </script> value', body: 'Bright & "warm"' }),
    );
    const productLd = async () =>
      readHead(await api.get(`/product/${product.slug}`).expect(200)).ofType('Product');

    const first = await productLd();
    expectSchemaOrgProduct(first);
    expect(first?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    const reviews = first?.review as Record<string, unknown>[];
    expect(reviews).toHaveLength(2);
    expect(reviews.find((review) => review.reviewBody === 'Bright & "warm"')).toMatchObject({
      '@type': 'Review',
      name: 'Good </script> value',
      reviewBody: 'Bright & "warm"',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
      author: { '@type': 'Person' },
    });
  });

  test('when a category page is asked, then "Category - name", its canonical URL, a BreadcrumbList and its products as an ItemList', async ({
    api,
    category,
    addProduct,
  }) => {
    const older = await addProduct({ createdAt: new Date(Date.now() - 60_000) });
    const newer = await addProduct();

    const head = readHead(await api.get(`/category/${category.slug}?page=1&sort=x`).expect(200));

    const url = `${ORIGIN}/category/${category.slug}`;
    expect(head.title).toBe(`Category - ${category.name} - Ecommerce App`);
    expect(head.meta('description')).toBe(`Products of ${category.name}`);
    expect(head.canonical).toBe(url);
    expect(head.meta('og:url')).toBe(url);
    expect(head.ofType('BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'All Products - Best offers', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'All Categories', item: `${ORIGIN}/categories` },
      { '@type': 'ListItem', position: 3, name: category.name, item: url },
    ]);
    expect(head.ofType('ItemList')).toMatchObject({
      numberOfItems: 2,
      itemListElement: [
        { position: 1, name: newer.name, url: `${ORIGIN}/product/${newer.slug}` },
        { position: 2, name: older.name, url: `${ORIGIN}/product/${older.slug}` },
      ],
    });
  });

  test("when a listing's later page is asked (?page=N, where its Load More links), then its canonical URL keeps the page and its ItemList shows that page's products; past the last page, 404", async ({
    api,
    category,
    addProduct,
  }) => {
    const oldest = await addProduct({ createdAt: new Date(Date.now() - 60_000) });
    for (let i = 0; i < LIST_DEFAULT_PER_PAGE; i += 1) await addProduct();

    const second = readHead(await api.get(`/category/${category.slug}?page=2`).expect(200));

    expect(second.canonical).toBe(`${ORIGIN}/category/${category.slug}?page=2`);
    expect(second.ofType('ItemList')).toMatchObject({
      numberOfItems: LIST_DEFAULT_PER_PAGE + 1,
      itemListElement: [{ position: 1, name: oldest.name }],
    });
    await api.get(`/category/${category.slug}?page=3`).expect(404);
    expect(readHead(await api.get('/?page=abc').expect(200)).canonical).toBe(`${ORIGIN}/`);
    expect(readHead(await api.get('/?page=2').expect(200)).canonical).toBe(`${ORIGIN}/?page=2`);
  });
});
