import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HTMLElement, parse } from 'node-html-parser';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { findRepoRoot } from '../db/embedded.js';
import type { Api } from './harness.js';

/** The entry script Vite puts in the built page's head (its hashed name made up). */
const BUILT_ENTRY = 'assets/index-abc123.js';

/**
 * The SPA's index.html as `pnpm build` writes it: the web's own index.html, read rather than
 * copied so that the tests serve the head the shop ships, with its entry script moved into the
 * head as a hashed asset, as Vite does.
 */
function builtIndexHtml(): string {
  const source = readFileSync(join(findRepoRoot(), 'apps/web/index.html'), 'utf8');
  const entry = /\n?[ \t]*<script type="module" src="[^"]+"><\/script>/;
  if (!entry.test(source)) throw new Error('apps/web/index.html no longer has its module entry');
  return source
    .replace(entry, '')
    .replace(
      '</head>',
      `  <script type="module" crossorigin src="/${BUILT_ENTRY}"></script>\n  </head>`,
    );
}

export const BUILT_INDEX_HTML = builtIndexHtml();

/** A built SPA of that index.html in a folder of its own, for `WEB_DIST`. */
export function writeBuiltSpa() {
  const dist = mkdtempSync(join(tmpdir(), 'shop-storefront-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), BUILT_INDEX_HTML);
  writeFileSync(join(dist, BUILT_ENTRY), 'console.log(1)');
  return dist;
}

/**
 * A built SPA with a server entry (`root/dist` for `WEB_DIST`, `root/dist-ssr`), as
 * `pnpm build` lays them out: the entry is `serverEntry`'s text, the style sheets the manifest
 * names are `css`.
 */
export function writeBuiltSpaWithServerEntry(serverEntry: string, css: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'shop-ssr-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(root, 'dist-ssr'));
  const links = [
    ...Object.keys(css).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    // What index.html preloads for the home page, on every page.
    '<link rel="modulepreload" crossorigin href="/assets/Home-abc.js">',
  ].join('\n    ');
  writeFileSync(
    join(dist, 'index.html'),
    BUILT_INDEX_HTML.replace('</head>', `${links}\n  </head>`),
  );
  writeFileSync(join(dist, BUILT_ENTRY), 'console.log(1)');
  for (const [file, text] of Object.entries(css)) writeFileSync(join(dist, file), text);
  const [entryCss, ...routeCss] = Object.keys(css);
  const manifest = {
    'index.html': { file: BUILT_ENTRY, css: [entryCss], imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', css: routeCss },
    'src/start-after-paint.ts': { file: 'assets/start-after-paint-def.js', isEntry: true },
    // A screen whose chunk other chunks import from: Vite keys it by its file, not its module.
    '_Home-xyz.js': { file: 'assets/Home-xyz.js', name: 'Home', isDynamicEntry: true },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), serverEntry);
  return { root, dist };
}

/** A page's head as crawlers read it. */
export interface ReadHead {
  html: string;
  document: HTMLElement;
  title: string | undefined;
  /** A `<meta>`'s content, by its name or property. */
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  /** Every JSON-LD block, parsed. */
  jsonLd: Record<string, unknown>[];
  /** The JSON-LD block of this `@type`. */
  ofType: (type: string) => Record<string, unknown> | undefined;
}

export function readHead(res: Response): ReadHead {
  expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
  const document = parse(res.text);
  const head = document.querySelector('head');
  const jsonLd = (head?.querySelectorAll('script[type="application/ld+json"]') ?? []).map(
    // As a browser reads a script: its characters as they are, no entity decoded.
    (script) => JSON.parse(script.rawText) as Record<string, unknown>,
  );
  return {
    html: res.text,
    document,
    title: head?.querySelector('title')?.textContent,
    meta: (key) =>
      (
        head?.querySelector(`meta[name="${key}"]`) ?? head?.querySelector(`meta[property="${key}"]`)
      )?.getAttribute('content'),
    canonical: head?.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    jsonLd,
    ofType: (type) => jsonLd.find((data) => data['@type'] === type),
  };
}

/** Headers naming another origin, sent straight or through a proxy that passes them on. */
const FORGED_ORIGIN_HEADERS: readonly Record<string, string>[] = [
  { Host: 'attacker.example' },
  { 'X-Forwarded-Host': 'attacker.example' },
  { 'X-Forwarded-Proto': 'javascript:alert(1)//', 'X-Forwarded-Host': 'attacker.example' },
  { 'X-Forwarded-Proto': 'javascript', Host: 'attacker.example:8443' },
  { Forwarded: 'host=attacker.example;proto=javascript' },
];

/** Every absolute URL a crawler reads in a page's head: canonical, Open Graph and JSON-LD's. */
function absoluteUrlsOf(head: ReadHead): string[] {
  const tags = [head.canonical, head.meta('og:url'), head.meta('og:image')];
  const inJsonLd = [...JSON.stringify(head.jsonLd).matchAll(/"(?:url|item)":"([^"]*)"/g)];
  return [...tags, ...inJsonLd.map(([, url]) => url)].filter((url) => url !== undefined);
}

/**
 * Asks the product page of `slug`, robots.txt and the sitemaps under each of a few forged Host
 * and forwarded headers: every absolute URL starts with `origin`, none names the forged ones.
 */
export async function expectOnlyOrigin(api: Api, origin: string, slug: string) {
  for (const headers of FORGED_ORIGIN_HEADERS) {
    const forged = JSON.stringify(headers);
    const page = await api.get(`/product/${slug}`).set(headers).expect(200);
    const urls = absoluteUrlsOf(readHead(page));
    expect(urls.length, forged).toBeGreaterThan(3);
    for (const url of urls) expect(url.startsWith(`${origin}/`), `${forged}: ${url}`).toBe(true);
    const robots = await api.get('/robots.txt').set(headers).expect(200);
    expect(robots.text, forged).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const index = await api.get('/sitemap.xml').set(headers).expect(200);
    expect(index.text, forged).toContain(`<loc>${origin}/sitemaps/products-1.xml</loc>`);
    const products = await api.get('/sitemaps/products-1.xml').set(headers).expect(200);
    expect(products.text, forged).toContain(`<loc>${origin}/product/${slug}</loc>`);
    for (const res of [page, robots, index, products]) {
      expect(res.text, forged).not.toMatch(/attacker|javascript/);
    }
  }
}

const AVAILABILITY = ['https://schema.org/InStock', 'https://schema.org/OutOfStock'];

/**
 * What schema.org Product needs to be a product result: a name, offers each with a price,
 * its currency and availability, and a well-formed aggregateRating when there is one.
 */
export function expectSchemaOrgProduct(data: Record<string, unknown> | undefined) {
  expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product' });
  const product = data as Record<string, unknown>;
  expect(typeof product.name === 'string' && product.name.length > 0).toBe(true);
  const offers = [product.offers].flat() as Record<string, unknown>[];
  expect(offers.length).toBeGreaterThan(0);
  for (const offer of offers) {
    expect(offer['@type']).toBe('Offer');
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    expect(offer.priceCurrency).toBe('USD');
    expect(AVAILABILITY).toContain(offer.availability);
  }
  if (product.aggregateRating !== undefined) {
    const rating = product.aggregateRating as Record<string, unknown>;
    expect(rating['@type']).toBe('AggregateRating');
    expect(rating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(rating.ratingValue).toBeLessThanOrEqual(5);
    expect(rating.reviewCount).toBeGreaterThan(0);
  }
}
