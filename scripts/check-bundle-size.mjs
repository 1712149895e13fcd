#!/usr/bin/env node
// Fails when the built web app breaks its JavaScript budgets (issue 8): the entry chunk, and
// everything the home route loads (the entry, the root route, the home route and what they
// import). Reads the Vite manifest of apps/web/dist and gzips each file, so the figures are
// deterministic. Usage: node scripts/check-bundle-size.mjs [distDir]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// Kilobytes of 1,000 bytes, as Vite and `gzip -c file | wc -c` count them.
const KB = 1000;
/**
 * The home route's budget is 150 kB (issue 8). Issue 17 renders the storefront on the server and
 * reads data through TanStack Query (10.3 kB of it here), and took zod off its screens (below).
 */
const BUDGETS = { entry: 110 * KB, home: 150 * KB };
/**
 * The storefront screens the server renders and the browser hydrates: none of them may load zod
 * (about 25 kB, and 50 ms of a phone's main thread to evaluate it and the schemas). Their reads
 * arrive parsed; the schemas load with the first read the browser makes itself
 * (apps/web/src/lib/catalogue-reads.ts; the cart and session readers of lib/cart.tsx and
 * lib/auth.tsx; the cart's checkout part).
 */
const HYDRATED_SCREENS = [
  'src/app/routes/Home.tsx',
  'src/app/routes/CategoryProducts.tsx',
  'src/app/routes/ProductDetails.tsx',
  'src/app/routes/Search.tsx',
  // Its checkout part, which parses the quote with zod, is a chunk asked for after hydrating.
  'src/app/routes/Cart.tsx',
];
/** A name zod's minified code keeps (its schema classes are registered by name). */
const ZOD_MARK = '"$ZodType"';
/** The chunks of the first screen: the HTML's entry, the root route and the home route. */
const HOME_ROUTE = [
  'index.html',
  'src/app/AppRoot.tsx',
  'src/app/routes/Home.tsx',
  'src/app/first-screen.ts',
];

const dist = resolve(process.argv[2] ?? 'apps/web/dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (err) {
  console.error(`check-bundle-size: cannot read ${manifestPath} (run pnpm build first): ${err}`);
  process.exit(1);
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;

/**
 * The manifest key of the chunk a module starts: its path, or (a screen whose chunk also serves
 * other chunks) the one dynamic entry named after it, as the API finds it (storefront-assets.ts).
 */
function keyOf(module) {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && manifest[key].name === name,
  );
  if (named.length !== 1) throw new Error(`check-bundle-size: ${module} is not in ${manifestPath}`);
  return named[0];
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function closure(modules) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const module of modules) visit(keyOf(module));
  return [...seen];
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const entryBytes = gzipped(manifest['index.html'].file);
const homeChunks = closure(HOME_ROUTE).map((key) => ({
  file: manifest[key].file,
  bytes: gzipped(manifest[key].file),
}));
const homeBytes = homeChunks.reduce((sum, chunk) => sum + chunk.bytes, 0);

console.log('JavaScript the home route loads (gzip):');
for (const { file, bytes } of homeChunks.sort((a, b) => b.bytes - a.bytes)) {
  console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
}
const checks = [
  { name: 'entry chunk', bytes: entryBytes, budget: BUDGETS.entry },
  { name: 'home route ', bytes: homeBytes, budget: BUDGETS.home },
];
let failed = false;
for (const { name, bytes, budget } of checks) {
  const ok = bytes <= budget;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} ${kb(bytes)} of ${kb(budget)}`);
}
for (const screen of HYDRATED_SCREENS) {
  const files = closure(['index.html', 'src/app/AppRoot.tsx', screen]).map(
    (key) => manifest[key].file,
  );
  const withZod = files.filter((file) => readFileSync(join(dist, file), 'utf8').includes(ZOD_MARK));
  failed ||= withZod.length > 0;
  const says = withZod.length > 0 ? `loads zod (${withZod.join(', ')})` : 'loads no zod';
  console.log(`${withZod.length > 0 ? 'FAIL' : 'ok  '} ${screen} ${says}`);
}
// The mark must name zod's code, or the check above could never fail.
const zodChunks = Object.values(manifest).filter(
  (chunk) =>
    chunk.file.endsWith('.js') && readFileSync(join(dist, chunk.file), 'utf8').includes(ZOD_MARK),
);
if (zodChunks.length === 0) {
  console.log(`FAIL no chunk holds ${ZOD_MARK}: the zod check no longer recognises zod`);
  failed = true;
}
process.exit(failed ? 1 : 0);
