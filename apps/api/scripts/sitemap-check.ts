/**
 * `pnpm sitemap-check` (after `pnpm build`): does the sitemap list every product?
 *
 *   pnpm sitemap-check [--products N] [--per-file M]   (defaults: 10,000 products, 50,000 URLs
 *                                                       a file, the protocol's limit)
 *
 * Fills a throwaway database with N products (as the bench does), starts one built API process,
 * reads /sitemap.xml and every file it names as a crawler would, and prints how many product
 * URLs they list against the products in the database, and how long each answer took (the
 * first one made, the next one from memory). The exit code is 1 unless every product is listed
 * exactly once, and no file holds more than its limit.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { listProducts } from '../src/features/products/repository/reads.js';
import { startApiProcess } from '../src/test/oversell.js';
import { fillCatalogue } from './bench/fill.js';
import { numberArg, withThrowawayDatabaseAndStripe } from './bench/throwaway.js';

const products = numberArg('products', 10_000);
const perFile = numberArg('per-file', 50_000);
const ORIGIN = 'https://shop.example';
const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

/** A sitemap document's `<loc>`s, checked well-formed; and how long it took to come. */
async function locsOf(url: string, root: 'sitemapindex' | 'urlset') {
  const started = performance.now();
  const res = await fetch(url);
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  if (XMLValidator.validate(text) !== true) throw new Error(`${url}: not well-formed XML`);
  const entries = (xml.parse(text)[root]?.[root === 'urlset' ? 'url' : 'sitemap'] ?? []) as {
    loc: string;
  }[];
  return { locs: entries.map((e) => e.loc), ms, bytes: Buffer.byteLength(text) };
}

async function main() {
  let ok = false;
  await withThrowawayDatabaseAndStripe(async ({ mongoUrl, fake }) => {
    await fillCatalogue(products, { photoFiles: false });
    const api = await startApiProcess(mongoUrl, fake, {
      built: true,
      env: { PUBLIC_URL: ORIGIN, SITEMAP_URLS_PER_FILE: String(perFile) },
    });
    try {
      const local = (loc: string) => api.url + new URL(loc).pathname;
      const index = await locsOf(`${api.url}/sitemap.xml`, 'sitemapindex');
      const again = await locsOf(`${api.url}/sitemap.xml`, 'sitemapindex');
      console.log(
        `sitemap index: ${index.locs.length} files, ${index.ms.toFixed(1)} ms made, ${again.ms.toFixed(1)} ms again`,
      );
      const listed: string[] = [];
      let largest = 0;
      for (const file of index.locs) {
        const { locs, ms, bytes } = await locsOf(local(file), 'urlset');
        largest = Math.max(largest, locs.length);
        console.log(
          `  ${file}: ${locs.length} URLs, ${(bytes / 1024).toFixed(0)} kB, ${ms.toFixed(1)} ms`,
        );
        listed.push(...locs.filter((loc) => loc.startsWith(`${ORIGIN}/product/`)));
      }
      const expected = new Set((await listProducts()).map((p) => `${ORIGIN}/product/${p.slug}`));
      const unique = new Set(listed);
      const missing = [...expected].filter((loc) => !unique.has(loc)).length;
      console.log(
        `products in the database: ${expected.size}; product URLs listed: ${listed.length} (${unique.size} distinct); missing: ${missing}; largest file: ${largest} URLs (limit ${perFile})`,
      );
      ok = missing === 0 && unique.size === listed.length && listed.length === expected.size;
      ok &&= largest <= perFile;
    } finally {
      api.stop();
    }
  });
  console.log(ok ? 'every product is listed once' : 'SITEMAP INCOMPLETE');
  process.exitCode = ok ? 0 : 1;
}

await main();
