/**
 * `pnpm orders-bench`: how fast the admin dashboard answers at 100,000 orders.
 *
 *   pnpm build && pnpm orders-bench                     # 100,000 orders, 10 connections, 10 s
 *   pnpm orders-bench --orders 20000 --duration 5       # a quicker run
 *
 * Fills a throwaway database (embedded FerretDB, or MONGO_URL) with N orders over 60 days in
 * various statuses and products, rebuilds the sales figures from them, starts the built API,
 * loads GET /api/v1/auth/dashboard with an admin's token, and checks that the figures served
 * equal a recount of the orders filled. Then it exports every order as CSV
 * (GET /api/v1/auth/all-orders.csv) and prints how much the API process's memory (RSS) grew
 * meanwhile. Exit code 1 when p99 is over 100 ms, a figure differs, the CSV misses an order or
 * the process grew by more than 64 MB (or All Orders answered an error). It also loads All
 * Orders (first page, a status, a search by number and by e-mail, page 50) for
 * `--list-duration` seconds each (5) and prints their p50 and p99. `--csv-only` skips the
 * dashboard's load.
 */
import { isDeepStrictEqual } from 'node:util';
import { dashboardResponseSchema } from '@shop/contracts/dashboard';
import { everyOrder } from '../src/features/orders/index.js';
import { rebuildSalesFigures } from '../src/features/sales/index.js';
import { createBuyers, startApiProcess } from '../src/test/oversell.js';
import { load } from './bench/load.js';
import { numberArg, withThrowawayDatabaseAndStripe } from './bench/throwaway.js';
import { CSV_RSS_BUDGET_MB, measureCsvExport } from './orders-bench/csv-export.js';
import { fillOrders, fillProducts } from './orders-bench/fill.js';
import { loadAllOrders } from './orders-bench/list-timing.js';
import { recount, servedFigures } from './orders-bench/recount.js';

const orders = numberArg('orders', 100_000);
const productCount = numberArg('products', 500);
const seconds = numberArg('duration', 10);
const listSeconds = numberArg('list-duration', 5);
const connections = numberArg('connections', 10);
const P99_BUDGET_MS = 100;
const DAYS_FILLED = 60;
const PATH = '/api/v1/auth/dashboard';
const csvOnly = process.argv.includes('--csv-only');

const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

async function main() {
  let failed = false;
  await withThrowawayDatabaseAndStripe(async ({ mongoUrl, fake }) => {
    let start = performance.now();
    const products = await fillProducts(productCount);
    const filled = await fillOrders(orders, products, DAYS_FILLED);
    console.log(
      `filled ${orders} orders of ${productCount} products over ${DAYS_FILLED} days in ${since(start)}`,
    );

    start = performance.now();
    const rebuilt = await rebuildSalesFigures(everyOrder());
    console.log(`rebuilt the sales figures from ${rebuilt.orders} orders in ${since(start)}`);

    const [token = ''] = await createBuyers(1, 1);
    start = performance.now();
    const api = await startApiProcess(mongoUrl, fake, { built: true });
    console.log(`API started in ${since(start)}`);
    try {
      const ask = async () => {
        const res = await fetch(`${api.url}${PATH}`, { headers: { authorization: token } });
        if (!res.ok) throw new Error(`${PATH} answered ${res.status}: ${await res.text()}`);
        return dashboardResponseSchema.parse(await res.json()).dashboard;
      };
      const served = await ask();
      const expected = recount(
        filled,
        served.days.map((d) => d.date),
      );
      const equal = isDeepStrictEqual(servedFigures(served), expected);
      console.log(`figures served equal a recount of the filled orders: ${equal ? 'yes' : 'NO'}`);
      if (!equal) {
        console.log(JSON.stringify({ served: servedFigures(served), expected }, null, 1));
        failed = true;
      }
      if (!csvOnly) failed = (await loadDashboard(api.url, token, ask)) || failed;

      failed = (await loadAllOrdersPages(api.url, token)) || failed;

      const csv = await measureCsvExport(api.url, token, api.pid);
      const growth = csv.rssPeakMb - csv.rssBeforeMb;
      console.log(
        `\nGET /api/v1/auth/all-orders.csv of ${orders} orders: ${csv.rows} rows, ${csv.megabytes.toFixed(1)} MB in ${csv.seconds.toFixed(1)} s` +
          `\n  API process RSS ${csv.rssBeforeMb.toFixed(0)} MB before, ${csv.rssPeakMb.toFixed(0)} MB at most during it: +${growth.toFixed(1)} MB (budget +${CSV_RSS_BUDGET_MB} MB)`,
      );
      if (csv.rows !== orders) {
        console.log(`  the CSV holds ${csv.rows} rows for ${orders} orders`);
        failed = true;
      }
      if (growth > CSV_RSS_BUDGET_MB) {
        console.log(`  the API process grew by more than ${CSV_RSS_BUDGET_MB} MB`);
        failed = true;
      }
    } finally {
      api.stop();
    }
  });
  process.exitCode = failed ? 1 : 0;
}

/** Loads All Orders' pages with autocannon and prints their figures: whether one erred. */
async function loadAllOrdersPages(url: string, token: string) {
  console.log(
    `\nGET /api/v1/auth/all-orders at ${orders} orders, ${connections} connections, ${listSeconds} s each:`,
  );
  const figures = await loadAllOrders(url, token, {
    middleNumber: 1000 + Math.floor(orders / 2),
    email: 'example.com',
    connections,
    seconds: listSeconds,
  });
  for (const f of figures) {
    console.log(
      `  ${f.call}: ${f.total} match; first answer ${f.firstMs.toFixed(0)} ms; ${f.requestsPerSecond.toFixed(1)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.errors} errors` +
        (f.p99 > P99_BUDGET_MS ? ` (over ${P99_BUDGET_MS} ms)` : ''),
    );
  }
  return figures.some((f) => f.errors > 0);
}

/** Loads the dashboard with autocannon and prints its figures: whether it broke its budget. */
async function loadDashboard(url: string, token: string, ask: () => Promise<unknown>) {
  for (let i = 0; i < 50; i += 1) await ask();
  const figures = await load(
    [url],
    { label: 'dashboard', path: PATH, headers: { authorization: token } },
    connections,
    seconds,
  );
  console.log(
    `\n${PATH} at ${orders} orders, ${connections} connections, ${seconds} s:` +
      `\n  ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.errors} errors, ${(figures.bytesPerAnswer / 1024).toFixed(1)} kB an answer`,
  );
  if (figures.p99 > P99_BUDGET_MS) console.log(`  p99 is over ${P99_BUDGET_MS} ms`);
  return figures.errors > 0 || figures.p99 > P99_BUDGET_MS;
}

await main();
