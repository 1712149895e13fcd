/**
 * `pnpm build` of the API: every source file transpiled on its own into dist/, as tsc laid it
 * out (src/x/y.ts → dist/x/y.js and its source map), without the tests and their helpers.
 * Transpiling only: `pnpm typecheck` (and CI) check the types, so the build does not again.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const api = join(import.meta.dirname, '..');
const src = join(api, 'src');
const outdir = join(api, 'dist');

const isShipped = (file) =>
  file.endsWith('.ts') &&
  !file.endsWith('.test.ts') &&
  !file.endsWith('.d.ts') &&
  !file.startsWith('test/');

const entryPoints = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((file) => file.replaceAll('\\', '/'))
  .filter(isShipped)
  .map((file) => join(src, file));

// A file deleted or renamed in src must not live on in dist.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outbase: src,
  outdir,
  format: 'esm',
  platform: 'node',
  target: 'es2022',
  sourcemap: true,
  sourcesContent: false,
  tsconfig: join(api, 'tsconfig.json'),
  logLevel: 'warning',
});
