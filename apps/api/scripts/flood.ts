/**
 * `pnpm flood` (after `pnpm build`): what a flood of distinct URLs leaves in an API process.
 *
 *   pnpm flood [--products N] [--urls N]      (defaults: 10,000 products, 60,000 URLs)
 *
 * Starts the embedded database in a throwaway folder (or uses MONGO_URL, on a throwaway
 * database dropped after), fills it with N products with photos and starts one API process
 * (`dist/server.js`) on 127.0.0.1. After a warm-up it notes the process's RSS, then sends N
 * distinct unauthenticated GET URLs, 32 at a time: the photo (original and renditions),
 * listing, search, details and category URLs of many products, pages and words, each with a
 * junk query parameter of its own, and after every 50th a product-filters POST whose body
 * carries junk keys. Then the RSS again, and the answers of a sample checked against the clean
 * URL's (or body's): the same status and bytes. Each RSS is read once it has settled (see
 * settledRssMb), so it shows what the process holds, not the garbage V8 has yet to collect;
 * the peak during the flood is printed too. The exit code is 1 when the process holds more
 * than 64 MB more after the flood, or an answer was wrong.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PHOTO_WIDTHS, PRICE_BANDS } from '@shop/contracts';
import { listProducts } from '../src/features/products/repository/reads.js';
import { type ApiProcess, startApiProcess } from '../src/test/oversell.js';
import { fillCatalogue } from './bench/fill.js';
import { numberArg, rssMb, withThrowawayDatabaseAndStripe } from './bench/throwaway.js';

const MAX_GROWTH_MB = 64;
const CONCURRENCY = 32;
const WARM_UP_REQUESTS = 200;
const SAMPLE_EVERY = 97;
const POST_EVERY = 50;
const RSS_EVERY_MS = 250;
const SETTLED_MS = 40_000;
const MAX_SETTLING_MS = 180_000;
const products = numberArg('products', 10_000);
const requests = numberArg('urls', 60_000);

interface Ask {
  path: string;
  /** A product-filters body (then a POST). */
  body?: Record<string, unknown>;
}
interface Seen {
  status: number;
  bytes: Buffer;
}
interface Product {
  id: string;
  slug: string;
  version: string;
}

const API = '/api/v1';
const JUNK_NAMES = ['junk', 'utm_source', 'fbclid', 'ref', '_'];
const WORDS = ['lamp', 'desk', 'chair', 'book', 'mug', 'shirt', 'phone', 'table', 'light', 'oak'];

type Categories = { id: string; slug: string }[];
interface FloodAsk {
  flood: Ask;
  /** The clean request whose answer it must get. */
  clean: Ask;
}

/** GET `i` of the flood: a URL any shopper may ask, with a junk parameter of its own. */
function getOf(i: number, catalogue: Product[], categories: Categories): FloodAsk {
  const product = catalogue[Math.floor(i / 8) % catalogue.length] as Product;
  const category = categories[i % categories.length] as Categories[number];
  const width = PHOTO_WIDTHS[i % PHOTO_WIDTHS.length];
  const paths = [
    `${API}/product/product-photo/${product.id}`,
    `${API}/product/product-photo/${product.id}?v=${product.version}&w=${width}`,
    `${API}/product/product-list/${1 + (i % Math.ceil(catalogue.length / 6))}`,
    `${API}/product/search/${WORDS[i % WORDS.length]}${i % 3 === 0 ? '' : ` ${i % 40}`}`,
    `${API}/product/get-product/${product.slug}`,
    `${API}/product/get-product?page=${1 + (i % 50)}`,
    `${API}/product/product-category/${category.slug}?page=${1 + (i % 20)}`,
    `${API}/category/get-category`,
  ];
  const path = paths[i % paths.length] as string;
  const junk = `${JUNK_NAMES[i % JUNK_NAMES.length]}=${i}`;
  return { clean: { path }, flood: { path: `${path}${path.includes('?') ? '&' : '?'}${junk}` } };
}

/** A product-filters POST whose body has keys nobody reads, another order, a category twice. */
function postOf(i: number, categories: Categories): FloodAsk {
  const path = `${API}/product/product-filters`;
  const category = categories[i % categories.length] as Categories[number];
  const radio = PRICE_BANDS[i % PRICE_BANDS.length]?.array ?? [];
  const flood = { [`junk${i}`]: { i }, radio, checked: [category.id, category.id] };
  return { clean: { path, body: { checked: [category.id], radio } }, flood: { path, body: flood } };
}

async function send(url: string, ask: Ask): Promise<Seen> {
  const res = await fetch(`${url}${encodeURI(ask.path)}`, {
    method: ask.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    ...(ask.body ? { body: JSON.stringify(ask.body) } : {}),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * The process's RSS once it is idle and has given back what it no longer holds: V8 keeps the
 * memory its garbage took until the process has been idle a while (its memory reducer, some
 * 10 to 30 s here), so the RSS is read until it has not fallen for SETTLED_MS.
 */
async function settledRssMb(pid: number) {
  const started = Date.now();
  let lowest = rssMb(pid);
  let fellAt = started;
  while (Date.now() - fellAt < SETTLED_MS && Date.now() - started < MAX_SETTLING_MS) {
    await sleep(RSS_EVERY_MS);
    const now = rssMb(pid);
    if (now < lowest - 1) fellAt = Date.now();
    lowest = Math.min(lowest, now);
  }
  return { mb: lowest, settledInS: (fellAt - started) / 1000 };
}

/** Runs `work`, noting the largest RSS seen meanwhile. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>) {
  let peak = rssMb(pid);
  const sampling = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, RSS_EVERY_MS);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(sampling);
  }
}

/** Sends every request, `CONCURRENCY` at a time; keeps the answers of a sample. */
async function flood(url: string, asks: Ask[]) {
  const samples = new Map<number, Seen>();
  let next = 0;
  let errors = 0;
  const sendRemaining = async () => {
    for (let i = next++; i < asks.length; i = next++) {
      const seen = await send(url, asks[i] as Ask);
      if (seen.status !== 200) errors += 1;
      if (i % SAMPLE_EVERY === 0) samples.set(i, seen);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sendRemaining));
  return { samples, errors };
}

async function main() {
  let failed = false;
  await withThrowawayDatabaseAndStripe(async ({ mongoUrl, fake }) => {
    let server: ApiProcess | undefined;
    try {
      const categories = await fillCatalogue(products);
      const catalogue = (await listProducts()).map(
        (p): Product => ({ id: p._id, slug: p.slug, version: p.photo?.version ?? '' }),
      );
      const asks = Array.from({ length: requests }, (_, i) => {
        const get = getOf(i, catalogue, categories);
        return i % POST_EVERY === 0 ? [get, postOf(i, categories)] : [get];
      }).flat();
      server = await startApiProcess(mongoUrl, fake, { built: true });
      const { url, pid } = server;
      // Every kind of request a few times: the code optimised, the catalogue's first answers.
      for (const { clean } of asks.slice(0, WARM_UP_REQUESTS)) await send(url, clean);
      const before = await settledRssMb(pid);
      const started = Date.now();
      const { result: outcome, peak } = await withPeakRss(pid, () =>
        flood(
          url,
          asks.map((a) => a.flood),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const after = await settledRssMb(pid);
      // Asked after the flood: most of these answers are no longer kept, so made again.
      let wrong = 0;
      for (const [i, seen] of outcome.samples) {
        const clean = await send(url, asks[i]?.clean as Ask);
        if (clean.status !== seen.status || !clean.bytes.equals(seen.bytes)) wrong += 1;
      }
      const growth = after.mb - before.mb;
      console.log(
        `${requests} distinct GET URLs and ${asks.length - requests} filter POSTs, ${CONCURRENCY} at a time, in ${seconds.toFixed(1)} s; ${products} products`,
      );
      console.log(
        `answers other than 200: ${outcome.errors}; sampled answers unlike the clean request's: ${wrong} of ${outcome.samples.size}`,
      );
      console.log(
        `RSS once settled: before ${before.mb.toFixed(0)} MB, after ${after.mb.toFixed(0)} MB (settled ${after.settledInS.toFixed(0)} s after the flood); peak during the flood, garbage included: ${peak.toFixed(0)} MB`,
      );
      console.log(`growth: ${growth.toFixed(1)} MB (at most ${MAX_GROWTH_MB} MB)`);
      failed = growth > MAX_GROWTH_MB || outcome.errors > 0 || wrong > 0;
    } finally {
      server?.stop();
    }
  });
  process.exitCode = failed ? 1 : 0;
}

await main();
