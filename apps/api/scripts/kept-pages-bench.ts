/**
 * `pnpm kept-pages-bench` (after `pnpm build`): how many product pages stay kept when prices
 * change, as after a spreadsheet import of a sale's prices.
 *
 *   pnpm kept-pages-bench [--products N] [--changes K]   (defaults: 10,000 products, 300 prices)
 *
 * Fills a throwaway database with N products (as `pnpm bench` does), starts 2 API processes
 * (built, with the server render, each keeping every product page: STOREFRONT_PAGES_MB at 1 per
 * 20 products), asks every product page once (page i of process i % 2), then again (kept), then
 * changes K prices spread over the catalogue with the catalogue's CSV import through the API,
 * waits until both processes show the last one, and asks every product page again: it prints
 * how many of them were sent as kept (`shop_storefront_pages_total`), with the load average,
 * and the processes' memory.
 * The uncached render's latency is `pnpm bench --only "rendered html"`.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import mongoose from 'mongoose';
import { createBuyers, startApiProcess } from '../src/test/oversell.js';
import { fillCatalogue } from './bench/fill.js';
import { BENCH_METRICS_TOKEN } from './bench/flood-hits.js';
import { numberArg, rssMb, withThrowawayDatabaseAndStripe } from './bench/throwaway.js';

const products = numberArg('products', 10_000);
const changes = numberArg('changes', 300);
/** Pages asked at once, over both processes. */
const AT_ONCE = 8;
const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Every process's storefront page answers so far, by outcome (kept, made, joined). */
async function pageAnswers(urls: readonly string[]) {
  const counts: Record<string, number> = {};
  for (const url of urls) {
    const res = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    });
    for (const [, outcome = '', value] of (await res.text()).matchAll(
      /^shop_storefront_pages_total\{outcome="(\w+)"\} (\d+)$/gm,
    )) {
      counts[outcome] = (counts[outcome] ?? 0) + Number(value);
    }
  }
  return counts;
}

/** Asks every page once (page i of `urls[i % 2]`), AT_ONCE at a time; the share sent as kept. */
async function roundRobin(urls: readonly string[], paths: readonly string[]) {
  const before = await pageAnswers(urls);
  const started = Date.now();
  let next = 0;
  const asker = async () => {
    for (let i = next++; i < paths.length; i = next++) {
      const res = await fetch(`${urls[i % urls.length]}${paths[i]}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${paths[i]} answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, asker));
  const after = await pageAnswers(urls);
  const delta = (outcome: string) => (after[outcome] ?? 0) - (before[outcome] ?? 0);
  const [kept, made, joined] = [delta('kept'), delta('made'), delta('joined')];
  const share = (100 * kept) / (kept + made + joined);
  const seconds = (Date.now() - started) / 1000;
  return `${kept} kept, ${made} made, ${joined} joined: ${share.toFixed(1)}% kept, in ${seconds.toFixed(1)} s, load average ${load()}`;
}

/**
 * A CSV of every `every`-th row of the catalogue's export, its price one unit up, in the columns
 * `sku` and `price` alone (the import changes only the columns a file has); and those rows.
 */
async function withPricesChanged(url: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const text = await (await fetch(`${url}/api/v1/product/export.csv`, { headers })).text();
  const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
  const every = Math.max(1, Math.floor(rows.length / changes));
  const changed = rows.filter((_, i) => i % every === 0).slice(0, changes);
  for (const row of changed) row.price = (Number(row.price) + 1).toFixed(2);
  return { file: stringify(changed, { header: true, columns: ['sku', 'price'] }), changed };
}

/** Imports the file through the API and waits for its job to end. */
async function importFile(url: string, token: string, file: string) {
  const form = new FormData();
  form.set('dryRun', 'false');
  form.set('file', new Blob([file], { type: 'text/csv' }), 'prices.csv');
  const headers = { authorization: `Bearer ${token}` };
  const started = await fetch(`${url}/api/v1/product/import`, {
    method: 'POST',
    headers,
    body: form,
  });
  const { jobId } = (await started.json()) as { jobId: string };
  for (;;) {
    const job = (await (await fetch(`${url}/api/v1/jobs/${jobId}`, { headers })).json()) as {
      status: string;
      updated: number;
    };
    if (job.status === 'done') return job.updated;
    if (job.status === 'failed') throw new Error(`the import failed: ${JSON.stringify(job)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Waits until every process answers the product's new price. */
async function seenEverywhere(urls: readonly string[], slug: string, price: number) {
  for (const url of urls) {
    for (;;) {
      const res = await fetch(`${url}/api/v1/product/get-product/${slug}`);
      const { product } = (await res.json()) as { product: { price: number } };
      if (product.price === price) break;
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

async function main() {
  await withThrowawayDatabaseAndStripe(async ({ mongoUrl, fake }) => {
    await fillCatalogue(products, { photoFiles: true });
    const env = {
      WEB_DIST,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      STOREFRONT_PAGES_MB: String(Math.ceil(products / 20) + 8),
    };
    const servers = [
      await startApiProcess(mongoUrl, fake, { built: true, env }),
      await startApiProcess(mongoUrl, fake, { built: true, env }),
    ];
    try {
      const urls = servers.map((s) => s.url);
      const stored = await mongoose.connection
        .collection<{ slug: string }>('products')
        .find({}, { projection: { slug: 1 } })
        .toArray();
      const paths = stored.map(({ slug }) => `/product/${slug}`);
      console.log(`${products} product pages over 2 API processes, ${AT_ONCE} asked at once`);
      console.log(`first round:  ${await roundRobin(urls, paths)}`);
      console.log(`second round: ${await roundRobin(urls, paths)}`);
      const [admin = ''] = await createBuyers(1, 1);
      const { file, changed } = await withPricesChanged(urls[0] as string, admin);
      const updated = await importFile(urls[0] as string, admin, file);
      const last = changed.at(-1);
      if (last) await seenEverywhere(urls, last.slug ?? '', Number(last.price));
      console.log(`imported ${changed.length} prices (${updated} products updated)`);
      console.log(`after them:   ${await roundRobin(urls, paths)}`);
      const rss = servers.map((s) => `${rssMb(s.pid).toFixed(0)} MB`).join(', ');
      console.log(`API processes' memory (RSS), every page kept: ${rss}`);
    } finally {
      for (const server of servers) server.stop();
    }
  });
}

await main();
