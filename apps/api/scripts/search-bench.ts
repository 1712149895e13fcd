/**
 * `pnpm search-bench`: how a search library holds a catalogue of bench products in memory.
 *
 *   pnpm search-bench [--products N] [--variants V] [--queries Q] [--others DIR]
 *                     (defaults: 10,000 products of 5 variants, i.e. 50,000 SKUs as
 *                      `pnpm bench --variants 5` makes them; 1,000 queries)
 *
 * To compare with an older commit, copy scripts/bench/search-queries.ts and search-shop.ts into
 * a checkout of it and run the shop's part there (its catalogue's calls have not changed).
 *
 * Makes the bench's products in memory (`pnpm bench`'s generator, scripts/bench/fill.ts: the
 * demo shop's products numbered, in V sizes), builds each library's index over them, and prints
 * the build's time, the heap it keeps, and the p50/p99 of typo'd queries (one to three words of
 * a product's name or category in any order, one of 5+ letters with a letter dropped or changed,
 * the last often cut short as a shopper types) with how many found the product meant in their
 * first 10. Then the shop's own answers in process (scripts/bench/search-shop.ts): its catalogue
 * built as a process builds it at start (time, heap kept), `GET /search` with the same queries
 * and filters as a shopper checks them (facets counted), and the suggestions: p50, p99 and CPU
 * time per query. `minisearch` is the shop's own index (features/catalogue/search-index.ts:
 * its words in MiniSearch's radix tree, with the shop's folding, rules and ranking). With `--others DIR`, a folder where other libraries are
 * installed (`npm install @orama/orama flexsearch` there), they are measured too, each with its
 * closest settings: the shop depends on one library only.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SearchIndex } from '../src/features/catalogue/search-index.js';
import {
  benchSearchDocs,
  type SearchDoc as Doc,
  type TypoQuery as Query,
  searchPaths,
  typoQueries,
} from './bench/search-queries.js';
import { catalogueOf, searchOf, suggestOf } from './bench/search-shop.js';
import { numberArg } from './bench/throwaway.js';

const products = numberArg('products', 10_000);
const variants = numberArg('variants', 5);
const queryCount = numberArg('queries', 1_000);
const othersAt = process.argv.indexOf('--others');
const othersDir = othersAt === -1 ? undefined : process.argv[othersAt + 1];

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Engine {
  build: (docs: readonly Doc[]) => Promise<void> | void;
  /** The ids of the first 10 found. */
  search: (text: string) => Promise<string[]> | string[];
}

const shopIndex = (): Engine => {
  const index = new SearchIndex<string>();
  return {
    build: (docs) => {
      for (const d of docs) {
        index.put(
          {
            _id: d.id,
            name: d.name,
            description: d.description,
            options: [{ name: 'Size', values: d.options.split(' ') }],
            category: { name: d.category },
          },
          d.id,
        );
      }
    },
    search: (text) => index.best(text, 10),
  };
};

/**
 * The libraries measured against it, loaded from `--others`: typed here only as far as called
 * (they are not the shop's dependencies, so their own types are not installed).
 */
type Loaded = Record<string, (...args: unknown[]) => unknown>;
const load = async (name: string): Promise<Loaded> => {
  const require = createRequire(join(othersDir ?? '.', 'package.json'));
  // Their CommonJS builds are what resolves here: their exports are the module's default.
  const imported = (await import(pathToFileURL(require.resolve(name)).href)) as {
    default?: Loaded;
  };
  return imported.default ?? (imported as Loaded);
};
const FIELDS = ['name', 'category', 'options', 'description'] as const;

const orama = async (): Promise<Engine> => {
  const { create, insertMultiple, search } = await load('@orama/orama');
  if (!create || !insertMultiple || !search) throw new Error('not Orama 3');
  const db = create({ schema: Object.fromEntries(FIELDS.map((f) => [f, 'string'])) });
  return {
    build: async (docs) => {
      await insertMultiple(db, docs, 1000);
    },
    search: async (text) => {
      const found = (await search(db, {
        term: text,
        tolerance: 1,
        threshold: 0,
        boost: { name: 8, category: 4, options: 2, description: 1 },
        limit: 10,
      })) as { hits: { id: string }[] };
      return found.hits.map((hit) => hit.id);
    },
  };
};

const flexsearch = async (): Promise<Engine> => {
  const module = (await load('flexsearch')) as unknown as {
    Document: new (
      options: unknown,
    ) => {
      add: (doc: Doc) => void;
      search: (text: string, options: unknown) => { result: string[] }[];
    };
    Charset: Record<string, unknown>;
  };
  const index = new module.Document({
    document: { id: 'id', index: [...FIELDS] },
    tokenize: 'forward',
    encoder: module.Charset.LatinAdvanced,
  });
  return {
    build: (docs) => {
      for (const d of docs) index.add(d);
    },
    search: (text) =>
      [...new Set(index.search(text, { limit: 10 }).flatMap((f) => f.result))].slice(0, 10),
  };
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

async function measure(
  name: string,
  make: () => Promise<Engine> | Engine,
  docs: readonly Doc[],
  queries: readonly Query[],
) {
  const names = new Map(docs.map((d) => [d.id, d.name.replace(/ \d+$/, '')]));
  const heapBefore = heapMb();
  const engine = await make();
  const started = performance.now();
  await engine.build(docs);
  const buildMs = performance.now() - started;
  const heap = heapMb() - heapBefore;
  const times: number[] = [];
  let found = 0;
  for (const { text, meant } of queries) {
    const t = performance.now();
    const ids = await engine.search(text);
    times.push(performance.now() - t);
    if (ids.some((id) => names.get(id) === meant)) found += 1;
  }
  times.sort((a, b) => a - b);
  console.log(
    [
      name.padEnd(11),
      `${(buildMs / 1000).toFixed(1)} s`.padStart(8),
      `${heap.toFixed(0)} MB`.padStart(8),
      `${percentile(times, 50).toFixed(2)} ms`.padStart(10),
      `${percentile(times, 99).toFixed(2)} ms`.padStart(10),
      `${((100 * found) / queries.length).toFixed(0)}%`.padStart(7),
    ].join(' '),
  );
}

/**
 * The p50 and p99 of each call, in ms, after one warm-up round, and the CPU time per call (which
 * other work on a shared machine moves less than the times).
 */
function timed(calls: readonly (() => unknown)[]) {
  for (const call of calls) call();
  const cpu = process.cpuUsage();
  const times = calls.map((call) => {
    const t = performance.now();
    call();
    return performance.now() - t;
  });
  const { user, system } = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, CPU ${((user + system) / 1000 / calls.length).toFixed(2)} ms each`;
}

/**
 * The shop's own answers in process: its catalogue built (each product and the search index, as
 * a process builds them at start), then `GET /search` with filters and facets, and suggestions.
 */
function measureShop(docs: readonly Doc[], queries: readonly Query[]) {
  const heapBefore = heapMb();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const catalogue = catalogueOf(docs);
  const { user, system } = process.cpuUsage(cpu);
  const buildMs = performance.now() - started;
  console.log(
    `\nthe shop's catalogue: built in ${(buildMs / 1000).toFixed(1)} s (CPU ${((user + system) / 1e6).toFixed(1)} s), heap kept ${(heapMb() - heapBefore).toFixed(0)} MB`,
  );
  const paths = searchPaths(queries, variants);
  console.log(
    `GET /search with filters and facets: ${timed(paths.map((p) => searchOf(catalogue, p)))}`,
  );
  console.log(`GET /search/suggest: ${timed(queries.map((q) => suggestOf(catalogue, q.text)))}`);
}

const docs = benchSearchDocs(products, variants);
const queries = typoQueries(docs, queryCount);
console.log(
  `${products} products of ${variants} variants, ${queries.length} typo'd queries, Node ${process.version}`,
);
console.log('library        build     heap        p50        p99  found');
const engines: [string, () => Promise<Engine> | Engine][] = [['minisearch', shopIndex]];
if (othersDir) engines.push(['orama', orama], ['flexsearch', flexsearch]);
for (const [name, make] of engines) {
  try {
    await measure(name, make, docs, queries);
  } catch (error) {
    console.log(`${name.padEnd(11)} failed: ${(error as Error).message}`);
  }
}
measureShop(docs, queries);
