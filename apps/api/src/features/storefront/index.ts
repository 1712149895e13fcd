/** The storefront as crawlers and link previews read it: each page's head, robots.txt, sitemaps. */
export { PAGE_HEAD_ATTRIBUTE } from './head-html.js';
export { type PageHead, pageHeadFor, type SearchCatalogue } from './page-head.js';
export type { StorefrontPage } from './pages.js';
export { crawlerFiles, type StorefrontOptions, storefrontPages } from './routes.js';
export { webServerEntry } from './server-render.js';
