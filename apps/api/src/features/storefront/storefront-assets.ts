import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageScripts } from './head-html.js';
import type { StorefrontPage } from './pages.js';

/** The module of each screen the server renders (apps/web/src/app/router.tsx), as Vite names it. */
const SCREENS: Record<Exclude<StorefrontPage['kind'], 'private'>, string> = {
  home: 'src/app/routes/Home.tsx',
  categories: 'src/app/routes/Categories.tsx',
  category: 'src/app/routes/CategoryProducts.tsx',
  product: 'src/app/routes/ProductDetails.tsx',
  search: 'src/app/routes/Search.tsx',
  cart: 'src/app/routes/Cart.tsx',
  about: 'src/app/routes/About.tsx',
  contact: 'src/app/routes/Contact.tsx',
  policy: 'src/app/routes/Policy.tsx',
  unknown: 'src/app/routes/NotFound.tsx',
};
/** What every screen stands in: the entry and the root route. */
const ROOT = ['index.html', 'src/app/AppRoot.tsx'];
/** The script a server-rendered page starts its scripts with, after its first paint. */
const STARTER = 'src/start-after-paint.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The manifest key of the chunk a module starts: its path, or, when the chunk also serves other
 * chunks (a screen whose lazy part imports from it), the one dynamic entry named after it, which
 * Vite keys by its file name.
 */
function keyOf(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && manifest[key]?.name === name,
  );
  return named.length === 1 ? named[0] : undefined;
}

/** The chunks `modules` need before they run: theirs and their static imports, transitively. */
function closure(manifest: Manifest, modules: string[]) {
  const seen: string[] = [];
  const visit = (key: string | undefined) => {
    if (!key || !manifest[key] || seen.includes(key)) return;
    seen.push(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const module of modules) visit(keyOf(manifest, module));
  return seen.map((key) => manifest[key] as ManifestChunk);
}

/**
 * What a server-rendered page needs from the build, read from the Vite manifest: the style sheets
 * of every storefront screen, inlined in each page's head (about 15 kB, 4 kB gzipped: less than a
 * round trip, and no style sheet holds the first paint back, whichever page the shopper moves to
 * next), and each page's scripts: the web's starter, the entry it starts and the page's own
 * chunks (index.html preloads the home page's, whatever the page). Empty when the build has no
 * manifest.
 */
export class StorefrontAssets {
  readonly css: string;
  private readonly scripts = new Map<string, PageScripts>();

  constructor(dist: string) {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
    } catch {
      this.css = '';
      return;
    }
    const sheets = [
      ...new Set(
        closure(manifest, [...ROOT, ...Object.values(SCREENS)]).flatMap((c) => c.css ?? []),
      ),
    ];
    this.css = sheets.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    const entry = manifest['index.html']?.file;
    const starter = manifest[STARTER]?.file;
    if (!entry || !starter) return;
    for (const [kind, screen] of Object.entries(SCREENS)) {
      const files = closure(manifest, [...ROOT, screen]).map((chunk) => chunk.file);
      this.scripts.set(kind, {
        starter: `/${starter}`,
        entry: `/${entry}`,
        modules: files.filter((file) => file !== entry).map((file) => `/${file}`),
      });
    }
  }

  /** The scripts of the page's screen; undefined when the build does not say them. */
  scriptsOf(page: StorefrontPage): PageScripts | undefined {
    return this.scripts.get(page.kind);
  }
}
