import { setFlagsFromString } from 'node:v8';

/**
 * The API process's garbage collector, set before anything else is loaded (the first import of
 * server.ts). V8 allocates an object straight in the old heap when most objects made at the same
 * place in the code survived before (allocation-site pretenuring). Loading the catalogue keeps
 * every product it reads, so the database driver's places that make documents are so marked:
 * from then on every document read (an export's cursor, an import's reloads, each request's
 * reads) lands in the old heap as garbage only a full collection frees, and the process grows by
 * tens of MB before one comes. An export of 50,000 SKUs grew the process by +62 to +87 MB with
 * it, +15 to +30 MB without (`pnpm import-bench`; see docs/features/catalogue-import-export.md).
 */
setFlagsFromString('--no-allocation-site-pretenuring');
