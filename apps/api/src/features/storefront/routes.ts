import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ShopperState } from '@shop/contracts/storefront';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { notFound } from '../../lib/errors.js';
import { storefrontPageAnswers, storefrontRenders } from '../../lib/metrics.js';
import { currentCatalogue, loadedCatalogue } from '../catalogue/index.js';
import { storeSettings } from '../store/index.js';
import { IndexHtml } from './head-html.js';
import { inTurn } from './in-turn.js';
import { KeptPages } from './kept-pages.js';
import { type PageHead, pageHeadFor, type SearchCatalogue } from './page-head.js';
import { pageAskedBy, pageKeyOf, renderPathOf, type StorefrontPage, shownPageOf } from './pages.js';
import { ReviewQuotes } from './review-quotes.js';
import { gzippedBody, type MadeAnswer, madeAnswer, RevisionCache } from './revision-cache.js';
import { SentPages } from './sent-pages.js';
import type { ServerEntry } from './server-render.js';
import { shopperOf } from './shopper.js';
import { SITEMAP_KINDS, type SitemapKind, sitemapIndexXml, sitemapXml } from './sitemap.js';
import { StorefrontAssets } from './storefront-assets.js';

export interface StorefrontOptions {
  /** `PUBLIC_URL`: the origin of every absolute URL, whatever host a request names. */
  origin: string;
  /** `STOREFRONT_PAGES_MB`: the bytes of the pages kept (HTML and its gzipped copy). */
  keptPagesBytes: number;
}
/** Sitemap files kept: 10,000 products take about 1.3 MB. */
const SITEMAP_CACHE_BYTES = 16 * 1024 * 1024;
/** Smaller answers go as they are (the compression middleware's own threshold). */
const GZIP_MIN_BYTES = 1024;
/**
 * Pages made (head and render) at once. Making one is mostly work on the one thread that also
 * sends the kept pages, so more at once would only queue ahead of them; two let one render's
 * database read (a product's reviews) overlap another's work.
 */
export const RENDERS_AT_ONCE = 2;
/** How long a page waits to be made before it goes for the browser to render. */
const RENDER_WAIT_MS = 200;

/**
 * Gzipped once per answer for whoever takes gzip, instead of by the middleware on every send. A
 * shopper's own page (`personal`) is for that shopper's browser alone and never stored: no cache,
 * shared or not, may give it to another, nor the browser show it again after the cart changed.
 */
async function send(
  req: Request,
  res: Response,
  answer: MadeAnswer,
  type: string,
  personal = false,
) {
  res
    .status(answer.status)
    .type(type)
    .set({
      'Cache-Control': personal ? 'private, no-store' : 'no-cache',
      Vary: personal ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
    });
  // With the ETag set, Express answers a matching If-None-Match with 304.
  if (answer.status === 200 && !personal) res.set('ETag', answer.etag);
  if (answer.body.length >= GZIP_MIN_BYTES && req.acceptsEncodings('gzip') === 'gzip') {
    const body = await gzippedBody(answer);
    // An encoded body is left alone by the compression middleware.
    res.set('Content-Encoding', 'gzip').send(body);
    return;
  }
  res.send(answer.body);
}

/**
 * Every storefront URL answers the SPA's index.html with that page's head (title, description,
 * canonical URL, link previews, structured data) and, given the web's server `entry`, its screen
 * rendered on the server, or else the reads its screen makes first, preloaded; both are made
 * from the in-process catalogue and the store's settings, and kept by page (the path its screen
 * is rendered from: one entry for every spelling of a page, and for every URL of no page) until
 * something it shows changes (kept-pages.ts). A path not in its normal form is moved to it. An unknown product, category or path
 * answers with 404. The shopper's own screens (cart, sign-in, dashboards) are left to the
 * browser. `answerAtOnce`, before the app: a request asked before gets the same bytes again
 * while its page is kept, `sending` called first (to count and log it).
 */
export function storefrontPages(
  dist: string,
  {
    origin,
    keptPagesBytes,
    search,
    entry,
  }: StorefrontOptions & { search: SearchCatalogue; entry?: ServerEntry },
) {
  const index = new IndexHtml(readFileSync(join(dist, 'index.html'), 'utf8'));
  const assets = new StorefrontAssets(dist);
  const pages = new KeptPages(keptPagesBytes);
  const quotes = new ReviewQuotes();
  const sent = new SentPages();
  const makeInTurn = inTurn(RENDERS_AT_ONCE, RENDER_WAIT_MS);
  /**
   * The page for the browser to render, preloading the reads its screen makes first. The
   * shopper's own screens share one page (they read what every screen reads, and nothing of
   * their own: apps/web's route-reads.test.ts holds them so), listed from the one asked first.
   */
  const forTheBrowser = async (req: Request, page: StorefrontPage, head: PageHead) => {
    const firstReads = entry
      ? // An entry that cannot load (its render fails too) leaves the page without preloads.
        await entry.firstReads(renderPathOf(page) ?? req.path).catch(() => [])
      : [];
    return madeAnswer(head.status, index.withHead(head, firstReads));
  };
  /**
   * The page with its screen rendered (the cart with the shopper's state), unless it is the
   * shopper's own or the render fails.
   */
  const madePage = async (
    req: Request,
    page: StorefrontPage,
    head: PageHead,
    shopper?: ShopperState,
  ) => {
    const url = renderPathOf(page);
    if (!entry || url === undefined) return forTheBrowser(req, page, head);
    try {
      const screen = await entry.render(url, shopper);
      storefrontRenders.inc({ outcome: 'rendered' });
      const { css } = assets;
      const scripts = assets.scriptsOf(page);
      return madeAnswer(head.status, index.withScreen(head, { ...screen, css, scripts }));
    } catch (err) {
      // The browser renders the page then, as it would without a server entry; not kept, so
      // the next request renders it again.
      req.log.error({ err }, `server render of ${url} failed`);
      storefrontRenders.inc({ outcome: 'failed' });
      return { ...(await forTheBrowser(req, page, head)), transient: true };
    }
  };
  const kept = (key: string) => pages.kept(loadedCatalogue(), key);
  const answerAtOnce = (
    req: IncomingMessage,
    res: ServerResponse,
    sending: (req: IncomingMessage, res: ServerResponse) => void,
  ) =>
    sent.sendAgain(req, res, kept, () => {
      storefrontPageAnswers.inc({ outcome: 'kept' });
      sending(req, res);
    });
  /**
   * The cart, rendered for this shopper from their cookies (lines and greeting) with the
   * catalogue of now: made at every request and kept nowhere, neither here (the page cache and
   * the sent pages are shared by every shopper) nor by any cache on the way.
   */
  const cart = async (req: Request, res: Response, page: StorefrontPage) => {
    const catalogue = await currentCatalogue();
    const { currency, name: storeName } = await storeSettings();
    const noQuotes = () => [];
    const head = pageHeadFor(page, {
      catalogue,
      origin,
      search,
      reviewsOf: noQuotes,
      currency,
      storeName,
    });
    const shopper = shopperOf(req.headers.cookie, catalogue);
    const made = await makeInTurn(() => madePage(req, page, head, shopper));
    if (!made) storefrontRenders.inc({ outcome: 'busy' });
    await send(req, res, made ?? (await forTheBrowser(req, page, head)), 'html', true);
  };
  const handler: RequestHandler = async (req, res) => {
    const asked = pageAskedBy(req.url);
    if ('movedTo' in asked) {
      res.redirect(301, asked.movedTo);
      return;
    }
    if (asked.page.kind === 'cart') {
      await cart(req, res, asked.page);
      return;
    }
    const catalogue = await currentCatalogue();
    const page = shownPageOf(asked.page, catalogue);
    const key = pageKeyOf(page);
    const answer = await pages.answer(catalogue, key, async () => {
      // Read first, so that the page kept quotes them; a page made without them is not kept.
      const { reviewsOf, complete } = await quotes.ofPage(page, catalogue);
      const { currency, name: storeName } = await storeSettings();
      const headOf = () =>
        pageHeadFor(page, { catalogue, origin, search, reviewsOf, currency, storeName });
      const made = await makeInTurn(() => madePage(req, page, headOf()));
      if (made) return complete ? made : { ...made, transient: true };
      // Pages not kept keep every slot busy (a flood of new URLs, say): this one goes for the
      // browser to render, not kept, and the kept pages keep their speed.
      storefrontRenders.inc({ outcome: 'busy' });
      return { ...(await forTheBrowser(req, page, headOf())), transient: true };
    });
    await send(req, res, answer, 'html');
    sent.remember(req, res, key, answer);
  };
  return { handler, answerAtOnce };
}

const SITEMAP_FILE = new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9]\\d{0,8})\\.xml$`);

/** `/robots.txt`, `/sitemap.xml` (the index) and its files `/sitemaps/<kind>-<n>.xml`. */
export function crawlerFiles({
  origin,
  urlsPerFile,
}: Pick<StorefrontOptions, 'origin'> & { urlsPerFile: number }) {
  const router = express.Router();
  const sitemaps = new RevisionCache(SITEMAP_CACHE_BYTES);

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(origin));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const catalogue = await currentCatalogue();
    const answer = sitemaps.answer(catalogue.revision, 'index', () =>
      madeAnswer(200, sitemapIndexXml(catalogue, origin, urlsPerFile)),
    );
    await send(req, res, answer, 'application/xml');
  });

  router.get('/sitemaps/:file', async (req, res) => {
    const { file } = req.params;
    const [, kind, page] = SITEMAP_FILE.exec(file) ?? [];
    if (!kind || !page) throw notFound('Sitemap not found');
    const catalogue = await currentCatalogue();
    const answer = sitemaps.answer(catalogue.revision, file, () => {
      const text = sitemapXml(catalogue, origin, urlsPerFile, kind as SitemapKind, Number(page));
      return madeAnswer(text === undefined ? 404 : 200, text ?? '');
    });
    if (answer.status === 404) throw notFound('Sitemap not found');
    await send(req, res, answer, 'application/xml');
  });
  return router;
}

/**
 * The storefront is for crawlers; the shopper's own screens and the API are not, but product
 * photos are, for image search and for link previews (whose fetchers read robots.txt too).
 */
export const robotsTxt = (origin: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /cart',
    'Disallow: /api/',
    'Allow: /api/v1/product/product-photo/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
