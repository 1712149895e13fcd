import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** The chunks of the first screen most visits start on: the root and home routes. */
const FIRST_SCREEN = ['src/app/AppRoot.tsx', 'src/app/routes/Home.tsx', 'src/app/first-screen.ts'];

/**
 * Lists the first screen's chunks (and what they import) as modulepreloads in index.html, and
 * their style sheets (the CSS beside the components in them) as stylesheet links, so that the
 * browser fetches them together with the entry instead of after it has run. Every path is
 * answered with this index.html, so other screens fetch these too: a few small files, most of
 * them every screen's. The API reads a page makes first are preloaded by the API, which knows
 * the page (apps/api/src/features/storefront). The chunks' CSS is linked after the entry's,
 * keeping the cascade order (global rules first); Vite's loader finds the links when it imports
 * those chunks and does not fetch the CSS again.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((out) => out.type === 'chunk');
        const files = new Set<string>();
        const styles = new Set<string>();
        const entryStyles = entry.viteMetadata?.importedCss ?? new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || fileName === entry.fileName) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) {
            if (!entryStyles.has(css)) styles.add(css);
          }
        };
        for (const chunk of chunks) {
          const source = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
          if (FIRST_SCREEN.some((path) => source.endsWith(`/${path}`))) visit(chunk.fileName);
        }
        const scripts: HtmlTagDescriptor[] = [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
        const sheets: HtmlTagDescriptor[] = [...styles].map((file) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
        return [...sheets, ...scripts];
      },
    },
  };
}

/**
 * Writes a gzipped copy next to each script and style sheet (x.js.gz), which the API sends as
 * is: gzipping the first screen's ~450 KB of files on every visit held its scripts back.
 */
function gzipAssets(): Plugin {
  return {
    name: 'gzip-assets',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      for (const name of files) {
        const path = join(dir, name);
        await writeFile(`${path}.gz`, gzipSync(await readFile(path), { level: 9 }));
      }
    },
  };
}

/**
 * zod's JSON Schema generator (`toJSONSchema`, Standard Schema's `jsonSchema`) serves the API's
 * OpenAPI document; the browser never calls it, and it was 6 KB of the home page's gzipped
 * JavaScript. In the web's build, zod's classic schemas import a stand-in whose generators throw
 * if ever called; `aggregateChecks` (read by getters such as `minLength`) stays zod's own.
 */
function withoutZodJsonSchema(): Plugin {
  const STAND_IN = '\0zod-json-schema-stand-in';
  let processors: string | undefined;
  return {
    name: 'without-zod-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.replaceAll('\\', '/').includes('/zod/v4/classic/')) return null;
      if (source === '../core/json-schema-processors.js') {
        processors ??= (await this.resolve(source, importer, { skipSelf: true }))?.id;
        return `${STAND_IN}/processors`;
      }
      if (source === '../core/to-json-schema.js') return `${STAND_IN}/generator`;
      return null;
    },
    load(id) {
      if (id === `${STAND_IN}/processors`) {
        return `export { aggregateChecks } from ${JSON.stringify(processors)};`;
      }
      if (id !== `${STAND_IN}/generator`) return null;
      return [
        'const unsupported = () => () => {',
        "  throw new Error('zod: JSON Schema is not made in the browser');",
        '};',
        'export const createToJSONSchemaMethod = unsupported;',
        'export const createStandardJSONSchemaMethod = unsupported;',
      ].join('\n');
    },
  };
}

/**
 * The server's build (`vite build --ssr`): src/entry-server.tsx and the screens it renders, as
 * one folder of ES modules with every dependency bundled in, so that the API (which has none of
 * the web's packages) imports it as it is, in the repository and in the Docker image alike.
 * React and the router are bundled as their production builds whatever the API's NODE_ENV (it
 * is unset under `pnpm start`): React's development build, chosen at run time otherwise, made a
 * page's render several times slower (its checks and owner stacks led the render's profile).
 */
const serverBuild = defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    target: 'node20',
    outDir: 'dist-ssr',
    ssr: 'src/entry-server.tsx',
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        plugins: [react(), withoutZodJsonSchema(), preloadFirstScreen(), gzipAssets()],
        server: {
          port: 5173,
          proxy: { '/api': apiTarget },
        },
        build: {
          target: 'es2022',
          // Read by scripts/check-bundle-size.mjs and by the API (its server-rendered pages).
          manifest: true,
          rollupOptions: {
            // src/start-after-paint.ts is named by the pages the server renders, not index.html.
            input: { index: 'index.html', 'start-after-paint': 'src/start-after-paint.ts' },
          },
        },
      },
);
