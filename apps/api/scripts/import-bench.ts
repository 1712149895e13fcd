/**
 * `pnpm import-bench` (after `pnpm build`): the catalogue's CSV import and export at scale.
 *
 *   pnpm import-bench [--products N] [--variants V] [--shop S] [--export-skus K]
 *                     [--connections C] [--rate R]
 *        (defaults: 2,000 products of 5 variants imported into a shop of 2,000 products,
 *         export at 50,000 SKUs; shoppers on 8 connections asking 200 requests/s in all)
 *
 * Fills a throwaway database (embedded FerretDB, or MONGO_URL) with S products of the bench's
 * catalogue, starts the built API (one process, production mode) and has shoppers ask a listing
 * and product pages at a steady rate for 5 s (their latency before; a steady rate, not as many as
 * the process answers, so that the import has its share and the figure is the shoppers' wait).
 * Then it imports N × V rows three times, each while the same load runs: new products (created),
 * a dry run of every price raised, and that import (updated). For each it prints the wall time
 * from upload to `done`, the API process's RSS and heap used before and at their highest, the
 * shoppers' p50/p99 meanwhile, and the load average (the machine is shared). Then it adds
 * products until the shop has K SKUs and streams the export, printing the same memory figures.
 *
 * Each import and the export is measured in an API process of its own, started for it and warmed
 * by the shoppers (the catalogue loaded, its pages kept): a process keeps the memory it grew into
 * (V8 keeps its heap's pages for a while), so a second import in the same process would grow into
 * the first one's and show less than it takes. Exit code 1 when an import takes more than 60 s,
 * grows the process's RSS by more than 100 MB, ends with errors, or the export grows it by more
 * than 64 MB.
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { importJobResponseSchema } from '@shop/contracts/catalogue-csv';
import autocannon from 'autocannon';
import { storeSettings } from '../src/features/store/index.js';
import { type ApiProcess, createBuyers, startApiProcess } from '../src/test/oversell.js';
import { fillCatalogue } from './bench/fill.js';
import { numberArg, withThrowawayDatabaseAndStripe } from './bench/throwaway.js';
import {
  benchCategories,
  insertBenchProducts,
  newProductsCsv,
} from './import-bench/catalogue-csv.js';
import { memoryLine, probedProcess, rssGrowth, sampleMemory } from './import-bench/memory.js';
import { CSV_RSS_BUDGET_MB, measureCsvExport } from './orders-bench/csv-export.js';

const products = numberArg('products', 2_000);
const variants = numberArg('variants', 5);
const shopProducts = numberArg('shop', 2_000);
const exportSkus = numberArg('export-skus', 50_000);
const connections = numberArg('connections', 8);
const rate = numberArg('rate', 200);
const IMPORT_SECONDS_BUDGET = 60;
const IMPORT_RSS_BUDGET_MB = 100;
const BASELINE_SECONDS = 5;
/**
 * How often the bench reads its job, as the admin's screen does when it cannot follow the job's
 * events: each read answers the job whole, with up to 1,000 changes, so a faster poll is load
 * of its own.
 */
const JOB_POLL_MS = 1000;
/** Shoppers warming a process before its import is measured. */
const WARM_SECONDS = 3;
const probe = probedProcess();

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** What shoppers ask meanwhile: the home listing and product pages, in turn. */
async function shopperPaths(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/v1/product/product-list/1`);
  const { products: listed } = (await res.json()) as { products: { slug: string }[] };
  return [
    '/api/v1/product/product-list/1',
    ...listed.slice(0, 6).map((p) => `/api/v1/product/get-product/${p.slug}`),
  ];
}

/** Shoppers asking `paths` in turn until `stop` is called: their p50 and p99 then. */
function shoppers(url: string, paths: readonly string[]) {
  let next = 0;
  let stopped: () => void = () => undefined;
  const figures = new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      {
        url,
        connections,
        overallRate: rate,
        duration: 3600,
        requests: [
          {
            setupRequest: (request) => {
              next += 1;
              return { ...request, path: paths[next % paths.length] };
            },
          },
        ],
      },
      (err, result) => (err ? fail(err) : done(result)),
    );
    stopped = () => instance.stop();
  });
  return {
    stop: async () => {
      stopped();
      const r = await figures;
      return `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.errors + r.non2xx - r['3xx']} errors`;
    },
  };
}

/**
 * Waits until the API's catalogue holds `count` products: products stored straight in the
 * database make it reload, and that reload is no part of the export measured after.
 */
async function catalogueSettled(url: string, count: number) {
  for (;;) {
    const res = await fetch(`${url}/api/v1/product/product-count`);
    if (((await res.json()) as { total: number }).total === count) return;
    await sleep(500);
  }
}

/** Uploads the file for import and waits for its job: the job, its time and the process's memory. */
async function timedImport(url: string, token: string, pid: number, file: Buffer, dryRun: boolean) {
  const memory = sampleMemory(pid, probe.file);
  const start = performance.now();
  try {
    const form = new FormData();
    form.set('dryRun', String(dryRun));
    form.set('file', new Blob([file], { type: 'text/csv' }), 'catalogue.csv');
    const started = await fetch(`${url}/api/v1/product/import`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    if (started.status !== 202) throw new Error(`import answered ${started.status}`);
    const { jobId } = (await started.json()) as { jobId: string };
    for (;;) {
      await sleep(JOB_POLL_MS);
      const res = await fetch(`${url}/api/v1/jobs/${jobId}`, { headers: { authorization: token } });
      const { success: _, ...job } = importJobResponseSchema.parse(await res.json());
      if (job.status === 'done' || job.status === 'failed') {
        return { job, seconds: (performance.now() - start) / 1000, memory: memory.stop() };
      }
    }
  } finally {
    memory.stop();
  }
}

async function main() {
  let failed = false;
  await withThrowawayDatabaseAndStripe(async ({ mongoUrl, fake }) => {
    let start = performance.now();
    const categories = benchCategories(await fillCatalogue(shopProducts));
    const { currency } = await storeSettings();
    const generator = { from: shopProducts, variants, currency, categories };
    console.log(`filled ${shopProducts} products in ${since(start)}`);
    const [token = ''] = await createBuyers(1, 1);

    /** Runs `work` on an API process of its own (see the top of this file), stopped after. */
    const withApi = async <T>(work: (api: ApiProcess) => Promise<T>): Promise<T> => {
      const api = await startApiProcess(mongoUrl, fake, { built: true, ...probe });
      try {
        return await work(api);
      } finally {
        api.stop();
        await api.exited;
      }
    };

    const paths = await withApi(async (api) => {
      const asked = await shopperPaths(api.url);
      const baseline = shoppers(api.url, asked);
      await sleep(BASELINE_SECONDS * 1000);
      console.log(
        `\nshoppers alone (${rate} req/s on ${connections} connections, ${BASELINE_SECONDS} s): ${await baseline.stop()}; load ${load()}`,
      );
      return asked;
    });

    const rows = products * variants;
    const created = newProductsCsv(products, generator);
    const raised = newProductsCsv(products, generator, 100);
    console.log(
      `\nimports of ${rows} rows (${products} products × ${variants}, ${(created.length / 1024 / 1024).toFixed(1)} MB), shoppers asking ${rate} req/s meanwhile:`,
    );
    for (const [label, file, dryRun] of [
      ['new products', created, false],
      ['every price raised, dry run', raised, true],
      ['every price raised', raised, false],
    ] as const) {
      const { run, shopperFigures, loadBefore } = await withApi(async (api) => {
        const warm = shoppers(api.url, paths);
        await sleep(WARM_SECONDS * 1000);
        await warm.stop();
        const loadBefore = load();
        const meanwhile = shoppers(api.url, paths);
        const run = await timedImport(api.url, token, api.pid, file, dryRun);
        return { run, shopperFigures: await meanwhile.stop(), loadBefore };
      });
      const { job } = run;
      const growth = rssGrowth(run.memory);
      console.log(
        `  ${label}: ${job.status} in ${run.seconds.toFixed(1)} s (created ${job.created}, updated ${job.updated}, unchanged ${job.unchanged}, errors ${job.errorCount}, changes ${job.changeCount})` +
          `\n    ${memoryLine(run.memory)}` +
          `\n    shoppers meanwhile: ${shopperFigures}` +
          `\n    load average ${loadBefore} before, ${load()} after`,
      );
      if (job.status !== 'done' || job.errorCount > 0) {
        console.log(`    ${job.message ?? JSON.stringify(job.errors.slice(0, 3))}`);
        failed = true;
      }
      if (run.seconds > IMPORT_SECONDS_BUDGET || growth > IMPORT_RSS_BUDGET_MB) {
        console.log(
          `    over the budget (${IMPORT_SECONDS_BUDGET} s, +${IMPORT_RSS_BUDGET_MB} MB)`,
        );
        failed = true;
      }
    }

    start = performance.now();
    const skus = shopProducts + products * variants;
    const more = Math.max(0, Math.ceil((exportSkus - skus) / variants));
    await insertBenchProducts(more, { ...generator, from: shopProducts + products });
    const total = skus + more * variants;
    console.log(`\nadded ${more} products of ${variants} (${total} SKUs) in ${since(start)}`);
    await withApi(async (api) => {
      await catalogueSettled(api.url, shopProducts + products + more);
      const loadBefore = load();
      const memory = sampleMemory(api.pid, probe.file);
      const csv = await measureCsvExport(api.url, token, api.pid, '/api/v1/product/export.csv');
      const figures = memory.stop();
      const growth = rssGrowth(figures);
      console.log(
        `GET /api/v1/product/export.csv: ${csv.rows} rows, ${csv.megabytes.toFixed(1)} MB in ${csv.seconds.toFixed(1)} s` +
          `\n  ${memoryLine(figures)} (budget +${CSV_RSS_BUDGET_MB} MB)` +
          `\n  load average ${loadBefore} before, ${load()} after`,
      );
      if (csv.rows !== total || growth > CSV_RSS_BUDGET_MB) failed = true;
    });
  });
  process.exitCode = failed ? 1 : 0;
}

await main();
