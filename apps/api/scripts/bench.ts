/**
 * `pnpm bench` (after `pnpm build`): the catalogue's read paths under load.
 *
 *   pnpm bench [--products N] [--variants V] [--duration S] [--connections C]
 *                                   (defaults: 10,000 products of 1 variant, 5 s per path,
 *                                    32 connections)
 *   pnpm bench --products N --startup-only       (start-up time and memory only: products
 *                                                 without photo files, which the catalogue never
 *                                                 loads, so 100,000 fit in a few minutes; the
 *                                                 first process's start-up log printed)
 *   pnpm bench ... --orders N                    (also N orders of the first 500 products, as
 *                                                 `pnpm orders-bench` fills them, and their sales
 *                                                 figures: a shop that has sold)
 *   pnpm bench --products N --seed-format [--startup-only]
 *                                                (the products as the seed's app stored them,
 *                                                 photos of 64-98 KB inside: the first process
 *                                                 migrates them on start, its log printed)
 *   pnpm bench ... --cpu-prof DIR                (the first API process writes a CPU profile
 *                                                 into DIR when it stops: node --cpu-prof)
 *   pnpm bench ... --as-started                  (one API process as `pnpm start` runs it in
 *                                                 production: its request log on, written to
 *                                                 /dev/null; no mixed run)
 *   pnpm bench ... --only "home html,search"     (only these paths, by label; `search facets`
 *                                                 asks GET /api/v1/search with typo'd words and
 *                                                 filters, `suggest` the search box's
 *                                                 suggestions, each request other words)
 *   pnpm bench ... --against DIR                 (another checkout of the shop, built: each
 *                                                 path is loaded on its API too, just before
 *                                                 this one's, on the same database: a row
 *                                                 'before' and a row 'after', and the ratio)
 *   pnpm bench --only checkout [--shoppers N]    (the checkout alone: 1 shopper, then N (32)
 *                                                 shoppers buying one hot product, then N
 *                                                 buying a product each; orders/s and each
 *                                                 call's p50/p99, and the CPU per order of
 *                                                 the API processes and the database; with
 *                                                 --against, before and after)
 *
 * Starts the embedded database in a throwaway folder (or uses MONGO_URL, on a throwaway
 * database dropped after), fills it with N products with photos, starts 2 API processes
 * (`dist/server.js`), loads each read path at 32 connections split over both, and prints
 * requests/s, p50, p99 and bytes per answer (the storefront's home and product pages too: the
 * SPA's index.html with each one's head), with each path's ratio to a bare node:http
 * server answering the same bytes from memory (the floor), and the API processes' CPU time per
 * answer (steadier than req/s on a shared machine). Then a flood (`--only flood` alone): the
 * kept home page's p99 alone and while 32 more connections ask distinct search words and
 * `?variant=` values, pages not kept. Then the checkout (see ./bench/checkout.ts): quote, start
 * paying, pay at the Stripe stand-in and place, by 1 shopper alone, then by `--shoppers`
 * shoppers at once buying one hot product, then a product each. Then a mixed run: browsing
 * while 5 buyers check out at once; its errors must be 0 (the exit code says so). `--only`
 * runs only the paths it names (`flood`, `checkout` and `mixed` name those runs).
 */
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { ProductListResponse } from '@shop/contracts';
import mongoose from 'mongoose';
import { type ApiProcess, startApiProcess } from '../src/test/oversell.js';
import {
  type CheckoutShape,
  printCheckoutHeader,
  printCheckoutRow,
  runCheckoutLoad,
} from './bench/checkout.js';
import { fillCatalogue, fillOrdersOfCatalogue } from './bench/fill.js';
import {
  BENCH_METRICS_TOKEN,
  FLOOD_CONNECTIONS,
  type FloodFigures,
  homeDuringFlood,
} from './bench/flood-hits.js';
import { fetchAnswer, type LoadFigures, load, type ReadPath, startFloor } from './bench/load.js';
import { runMixedLoad } from './bench/mixed.js';
import { benchSearchDocs, searchPaths, suggestPaths, typoQueries } from './bench/search-queries.js';
import { cpuSeconds, numberArg, rssMb, withThrowawayDatabaseAndStripe } from './bench/throwaway.js';

/** Connections each path is loaded with (the floor's too). */
const CONNECTIONS = numberArg('connections', 32);
const WARM_UP_REQUESTS = 20;
/** The cores this machine gives the shop, its database and the bench together. */
const CORES = availableParallelism();
const products = numberArg('products', 10_000);
const seconds = numberArg('duration', 5);
const variants = numberArg('variants', 1);
/** Shoppers checking out at once in the checkout's concurrent runs. */
const shoppers = numberArg('shoppers', 32);
const startupOnly = process.argv.includes('--startup-only');
const asStarted = process.argv.includes('--as-started');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? null : new Set((process.argv[onlyAt + 1] ?? '').split(','));
const seedFormat = process.argv.includes('--seed-format');
const orders = process.argv.includes('--orders') ? numberArg('orders', 1) : 0;
const profileAt = process.argv.indexOf('--cpu-prof');
/** Where the first API process writes its CPU profile (node's --cpu-prof) when it stops. */
const profileDir = profileAt === -1 ? undefined : resolve(process.argv[profileAt + 1] ?? '.');
/**
 * A start-up that migrates a seed's database (or, in builds that scanned them at every start,
 * reads every order) may take long; a migration log line comes often.
 */
const MIGRATING_READY_WITHIN_MS = 60 * 60_000;
/** The built SPA, whose pages the API answers with each one's head. */
const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');
const againstAt = process.argv.indexOf('--against');
/** Another checkout of the shop whose build is measured beside this one's (`git worktree`). */
const against = againstAt === -1 ? undefined : resolve(process.argv[againstAt + 1] ?? '.');

/** Every product's page, in the order they were stored: asked in turn, none is in the page cache. */
async function everyProductPage() {
  const products = await mongoose.connection
    .collection<{ slug: string }>('products')
    .find({}, { projection: { slug: 1 } })
    .toArray();
  return products.map(({ slug }) => `/product/${slug}`);
}

/**
 * Asked in turn by `search facets` and `suggest`: more than a run asks (the answer cache would
 * otherwise serve the second round), made from the products as the bench fills them.
 */
const SEARCHES = 50_000;

async function readPaths(url: string, categories: { id: string; slug: string }[]) {
  const api = `${url}/api/v1/product`;
  const queries = typoQueries(benchSearchDocs(products, variants), SEARCHES);
  const searchFacets = searchPaths(queries, variants);
  const suggestions = suggestPaths(queries);
  const listing = (await (await fetch(`${api}/product-list/1`)).json()) as ProductListResponse;
  const [first] = listing.products;
  if (!first) throw new Error('the catalogue is empty');
  const category = categories[0] as { id: string; slug: string };
  const photo = await fetch(`${api}/product-photo/${first._id}`);
  const paths: ReadPath[] = [
    { label: 'home page 1', path: '/api/v1/product/product-list/1' },
    {
      label: 'deep page',
      path: `/api/v1/product/product-list/${Math.max(1, Math.floor(products / 12))}`,
    },
    { label: 'count', path: '/api/v1/product/product-count' },
    { label: 'categories', path: '/api/v1/category/get-category' },
    { label: 'details', path: `/api/v1/product/get-product/${first.slug}` },
    { label: 'related', path: `/api/v1/product/related-product/${first._id}/${category.id}` },
    { label: 'search', path: '/api/v1/product/search/lamp' },
    // Typo'd words as shoppers type them, each asked once: never an answer kept from before.
    { label: 'search facets', path: searchFacets[0] as string, paths: searchFacets },
    { label: 'suggest', path: suggestions[0] as string, paths: suggestions },
    ...(first.variants.length > 1
      ? [{ label: 'search SKU', path: `/api/v1/product/search/${first.variants.at(-1)?.sku}` }]
      : []),
    {
      label: 'filters',
      method: 'POST',
      path: '/api/v1/product/product-filters',
      body: JSON.stringify({ checked: [category.id], radio: [20, 39] }),
    },
    { label: 'category page', path: `/api/v1/product/product-category/${category.slug}` },
    { label: 'photo', path: `/api/v1/product/product-photo/${first._id}` },
    { label: 'home html', path: '/' },
    { label: 'product html', path: `/product/${first.slug}` },
    // Each request another product's page, round robin: rendered, never from the page cache.
    { label: 'rendered html', path: `/product/${first.slug}`, paths: await everyProductPage() },
    {
      label: 'photo 304',
      path: `/api/v1/product/product-photo/${first._id}`,
      headers: { 'if-none-match': photo.headers.get('etag') ?? '' },
    },
  ];
  return only ? paths.filter((p) => only.has(p.label)) : paths;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

function printRow(
  label: string,
  status: number,
  api: LoadFigures & { cpuMicroseconds: number },
  floor: LoadFigures,
) {
  console.log(
    `${label.padEnd(20)} ${String(status).padStart(4)} ${fmt(api.requestsPerSecond)} ${fmt(api.p50, 1)} ${fmt(api.p99, 1)} ${fmt(api.bytesPerAnswer)} ${fmt(floor.requestsPerSecond)} ${fmt(floor.p99, 1)} ${fmt((100 * api.requestsPerSecond) / floor.requestsPerSecond, 1)}% ${fmt(api.errors)} ${fmt(api.cpuMicroseconds)}`,
  );
}

/** The API processes' CPU time while `work` runs, in µs per answer it gave. */
async function withCpuPerAnswer(servers: ApiProcess[], work: () => Promise<LoadFigures>) {
  const cpu = () => servers.reduce((sum, s) => sum + cpuSeconds(s.pid), 0);
  const before = cpu();
  const figures = await work();
  const cpuMicroseconds = figures.answers ? ((cpu() - before) * 1e6) / figures.answers : 0;
  return { ...figures, cpuMicroseconds };
}

function printProcesses(servers: ApiProcess[]) {
  for (const [i, s] of servers.entries()) {
    console.log(
      `API process ${i + 1}: start-up ${s.startupMs} ms, CPU ${cpuSeconds(s.pid).toFixed(1)} s, RSS ${rssMb(s.pid).toFixed(0)} MB`,
    );
  }
}

/** Prints what the first process logs while it starts (its migrations), seconds since its start. */
function printStartupLine() {
  const started = Date.now();
  let serving = false;
  return (line: string) => {
    if (serving) return;
    const { msg } = JSON.parse(line) as { msg: string };
    console.log(`  API process 1 +${((Date.now() - started) / 1000).toFixed(1)} s: ${msg}`);
    serving = msg.startsWith('shop listening');
  };
}

/** `count` API processes of the checkout `against`, with `options`, on the same database. */
async function startAgainst(
  count: number,
  mongoUrl: string,
  fake: Parameters<typeof startApiProcess>[1],
  options: { built: boolean; env: Record<string, string> },
) {
  const processes: ApiProcess[] = [];
  for (let i = 0; i < count; i += 1) {
    processes.push(
      await startApiProcess(mongoUrl, fake, {
        ...options,
        root: join(against as string, 'apps/api'),
        env: { ...options.env, WEB_DIST: join(against as string, 'apps/web/dist') },
      }),
    );
  }
  return processes;
}

function printFlood(label: string, { quiet, home, flood, renders }: FloodFigures) {
  const rendered = renders.length > 0 ? `; its renders: ${renders.join(', ')}` : '';
  console.log(
    `${label ? `${label.padEnd(6)} ` : ''}home html p99 ${fmt(quiet.p99, 1)} ms quiet, ${fmt(home.p99, 1)} ms in the flood (req/s ${quiet.requestsPerSecond.toFixed(0)} quiet, ${home.requestsPerSecond.toFixed(0)} in the flood, errors ${home.errors}); the flood ${flood.requestsPerSecond.toFixed(0)} req/s, p99 ${flood.p99} ms, errors ${flood.errors}${rendered}`,
  );
}

/** One path loaded on `servers` after a short warm-up (JIT, caches) on each, not counted. */
async function loadPath(servers: ApiProcess[], path: ReadPath) {
  const urls = servers.map((s) => s.url);
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) {
    await fetchAnswer(urls[i % urls.length] as string, path);
  }
  return withCpuPerAnswer(servers, () => load(urls, path, CONNECTIONS, seconds));
}

/**
 * The checkout's runs: alone, then `shoppers` at once on one hot product and on one each;
 * whether any call failed.
 */
async function benchCheckout(
  servers: ApiProcess[],
  before: ApiProcess[],
  fake: Parameters<typeof runCheckoutLoad>[1],
  databasePid: number | undefined,
): Promise<boolean> {
  const runs: { shape: CheckoutShape; shoppers: number }[] = [
    { shape: 'hot', shoppers: 1 },
    { shape: 'hot', shoppers },
    { shape: 'each', shoppers },
  ];
  console.log(
    `\ncheckout (${seconds} s each, over ${servers.length} API process${servers.length === 1 ? '' : 'es'}; ms per call; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  printCheckoutHeader();
  let failed = false;
  for (const run of runs) {
    const label = `${run.shoppers} shopper${run.shoppers === 1 ? '' : 's'}, ${run.shape === 'hot' ? 'one product' : 'a product each'}`;
    /** The run, with the CPU time its API processes and the database spent per order. */
    const measured = async (processes: ApiProcess[]) => {
      const pids = processes.map((s) => s.pid);
      const cpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
      const database = () => (databasePid ? cpuSeconds(databasePid) : 0);
      const [api, db] = [cpu(), database()];
      const own = process.cpuUsage();
      const figures = await runCheckoutLoad(
        processes.map((s) => s.url),
        fake,
        { ...run, seconds },
      );
      const { user, system } = process.cpuUsage(own);
      const orders = figures.orders;
      const ms = (spentSeconds: number) => (orders ? (spentSeconds * 1000) / orders : Number.NaN);
      const spent = {
        api: ms(cpu() - api),
        database: databasePid ? ms(database() - db) : Number.NaN,
        bench: ms((user + system) / 1e6),
      };
      const all = spent.api + spent.database + spent.bench;
      const shown = (n: number) => (Number.isNaN(n) ? '?' : n.toFixed(1));
      return {
        figures,
        cpu:
          `CPU per order: API ${shown(spent.api)} ms, database ${shown(spent.database)} ms, ` +
          `the bench's shoppers and Stripe stand-in ${shown(spent.bench)} ms; ` +
          `${CORES} cores at ${shown(all)} ms an order give at most ` +
          `${shown((CORES * 1000) / all)} orders/s`,
      };
    };
    if (before.length > 0) {
      const { figures, cpu } = await measured(before);
      printCheckoutRow(`${label} before`, figures, cpu);
    }
    const { figures, cpu } = await measured(servers);
    printCheckoutRow(before.length > 0 ? `${label} after` : label, figures, cpu);
    if (figures.errors > 0) failed = true;
  }
  return failed;
}

async function main() {
  const servers: ApiProcess[] = [];
  const before: ApiProcess[] = [];
  let failed = false;
  await withThrowawayDatabaseAndStripe(
    async ({ mongoUrl, fake, databasePid }) => {
      try {
        const filling = Date.now();
        const categories = await fillCatalogue(products, {
          photoFiles: !startupOnly,
          variants,
          seedFormat,
        });
        if (databasePid) console.log(`database: the embedded one, process ${databasePid}`);
        console.log(
          `filled ${products} products ${seedFormat ? "in the seed's format" : `of ${variants} variants`} in ${((Date.now() - filling) / 1000).toFixed(1)} s`,
        );
        if (orders > 0) {
          const fillingOrders = Date.now();
          await fillOrdersOfCatalogue(orders);
          console.log(
            `filled ${orders} orders and their sales figures in ${((Date.now() - fillingOrders) / 1000).toFixed(1)} s`,
          );
        }
        // As started: the request log at pnpm start's level (info), to /dev/null.
        const options = {
          built: true,
          env: {
            WEB_DIST,
            METRICS_TOKEN: BENCH_METRICS_TOKEN,
            // Every shopper of the checkout's runs quotes and pays many times a second.
            QUOTE_RATE_LIMIT: '10000000',
            ...(asStarted ? { LOG_LEVEL: 'info' } : {}),
          },
        };
        servers.push(
          await startApiProcess(mongoUrl, fake, {
            ...options,
            ...(seedFormat || startupOnly
              ? { log: printStartupLine(), readyWithinMs: MIGRATING_READY_WITHIN_MS }
              : {}),
            ...(profileDir ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir] } : {}),
          }),
        );
        if (!asStarted) servers.push(await startApiProcess(mongoUrl, fake, options));
        if (against) before.push(...(await startAgainst(servers.length, mongoUrl, fake, options)));
        if (startupOnly) {
          printProcesses(servers);
          if (databasePid) console.log(`database: CPU ${cpuSeconds(databasePid).toFixed(1)} s`);
          return;
        }
        const urls = servers.map((s) => s.url);
        const paths = await readPaths(urls[0] as string, categories);
        console.log(
          `\n${products} products of ${variants} variants, ${CONNECTIONS} connections over ${servers.length === 1 ? '1 API process, its request log on' : `${servers.length} API processes`}, ${seconds} s per path, load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}\n`,
        );
        console.log(
          `${'path'.padEnd(20)} code    req/s  p50 ms   p99 ms    bytes  floor/s floor p99  of floor   errors  CPU µs`,
        );
        for (const path of paths) {
          const answer = await fetchAnswer(urls[0] as string, path);
          const beforeFigures = before.length > 0 ? await loadPath(before, path) : undefined;
          const api = await loadPath(servers, path);
          const floor = await startFloor(answer);
          const floorFigures = await load([floor.url], path, CONNECTIONS, seconds);
          floor.close();
          if (beforeFigures) {
            printRow(`${path.label} before`, answer.status, beforeFigures, floorFigures);
            printRow(`${path.label} after`, answer.status, api, floorFigures);
            console.log(
              `${''.padEnd(20)} after/before: req/s x${(api.requestsPerSecond / beforeFigures.requestsPerSecond).toFixed(2)}, p99 ${beforeFigures.p99} -> ${api.p99} ms`,
            );
          } else printRow(path.label, answer.status, api, floorFigures);
          if (api.errors > 0) failed = true;
        }
        if (before.length > 0) {
          console.log(`before: ${against}`);
          printProcesses(before);
          console.log('after: this checkout');
        }
        printProcesses(servers);
        if (!only || only.has('flood')) {
          console.log(
            `\nflood (${seconds} s): home html at ${CONNECTIONS} connections alone, then while ${FLOOD_CONNECTIONS} more ask distinct search words and ?variant= values`,
          );
          if (before.length > 0) {
            printFlood(
              'before',
              await homeDuringFlood(
                before.map((s) => s.url),
                CONNECTIONS,
                seconds,
              ),
            );
          }
          const flood = await homeDuringFlood(urls, CONNECTIONS, seconds);
          printFlood(before.length > 0 ? 'after' : '', flood);
          if (flood.home.errors + flood.flood.errors > 0) failed = true;
        }
        if (!only || only.has('checkout')) {
          if (await benchCheckout(servers, before, fake, databasePid)) failed = true;
        }
        if (asStarted || (only && !only.has('mixed'))) return;
        const mixed = await runMixedLoad(servers, paths, fake, seconds * 2);
        console.log(
          `\nmixed run (${seconds * 2} s): browsing ${mixed.browsing.requestsPerSecond.toFixed(0)} req/s, p99 ${mixed.browsing.p99} ms, while 5 buyers placed ${mixed.orders} orders; errors: ${mixed.browsing.errors + mixed.checkoutErrors} (browsing ${mixed.browsing.errors}, checkout ${mixed.checkoutErrors}); stock seen by both processes matches the database: ${mixed.stockShownMs === null ? 'NO (not within 5 s)' : `yes (after ${mixed.stockShownMs} ms)`}`,
        );
        for (const reason of mixed.reasons) console.log(`  checkout error: ${reason}`);
        if (mixed.browsing.errors + mixed.checkoutErrors > 0 || mixed.stockShownMs === null)
          failed = true;
      } finally {
        for (const s of [...servers, ...before]) s.stop();
      }
      // A seed's database is as the seed's app left it: no migration recorded, all to run.
    },
    { shape: seedFormat ? 'before migrations' : 'current' },
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
