import { documentTitle } from '@shop/contracts/storefront';
import escapeHtml from 'escape-html';
import htmlescape from 'htmlescape';
import type { PageHead } from './page-head.js';

/**
 * Tags that describe only the URL the server answered; the SPA removes them when the shopper
 * moves to another page (apps/web/src/lib/use-document-meta.ts), title and description aside,
 * which it sets itself.
 */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" ${PAGE_HEAD_ATTRIBUTE}>`;

/** The Open Graph and Twitter card tags of a page worth sharing. */
function previewTags(head: PageHead): string[] {
  const { preview, description = '', siteName, title = siteName } = head;
  if (!preview) return [];
  const { image, price } = preview;
  return [
    meta('property', 'og:type', preview.type),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', preview.url),
    ...(image
      ? [
          meta('property', 'og:image', image.url),
          meta('property', 'og:image:type', image.type),
          meta('property', 'og:image:width', image.width),
          meta('property', 'og:image:height', image.height),
          meta('property', 'og:image:alt', image.alt),
        ]
      : []),
    ...(price
      ? [
          meta('property', 'product:price:amount', price.amount),
          meta('property', 'product:price:currency', price.currency),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image
      ? [meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt)]
      : []),
  ];
}

/**
 * The head's tags as HTML, every value escaped: text in attributes and the title by
 * escape-html, JSON-LD by htmlescape (`<`, `>`, `&` and the JavaScript line terminators as
 * `\u` escapes), so that no name, not even one holding `</script>`, ends its element.
 */
export function headHtml(head: PageHead, defaultDescriptionTag = ''): string {
  return [
    `<title>${escapeHtml(documentTitle(head.title, head.siteName))}</title>`,
    head.description === undefined
      ? defaultDescriptionTag
      : `<meta name="description" content="${escapeHtml(head.description)}">`,
    ...(head.canonical
      ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" ${PAGE_HEAD_ATTRIBUTE}>`]
      : []),
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    ...previewTags(head),
    ...head.jsonLd.map(
      (data) =>
        `<script type="application/ld+json" ${PAGE_HEAD_ATTRIBUTE}>${htmlescape(data)}</script>`,
    ),
  ]
    .filter(Boolean)
    .join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/**
 * The SPA's index.html, cut where a page's head goes: in place of its title, its default
 * description taken out (each page's head has its own).
 */
export class IndexHtml {
  private readonly before: string;
  private readonly after: string;
  /** The SPA's own description tag, kept on pages that have none of their own. */
  private readonly defaultDescription: string;

  constructor(html: string) {
    const description = html.match(DESCRIPTION);
    this.defaultDescription = description?.[0].trim() ?? '';
    const page = description ? html.replace(DESCRIPTION, '') : html;
    const title = page.match(TITLE);
    const at = title?.index ?? headEnd(page);
    this.before = page.slice(0, at);
    this.after = page.slice(at + (title?.[0].length ?? 0));
  }

  /**
   * index.html with this head, for the browser to render the page: with `firstReads`, the API
   * reads its screen makes first, preloaded so that they travel with the scripts.
   */
  withHead(head: PageHead, firstReads: readonly string[] = []): string {
    const preloads = firstReads.map(
      (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">\n    `,
    );
    return `${this.before}${preloads.join('')}${headHtml(head, this.defaultDescription)}${this.after}`;
  }

  /**
   * index.html with this head and the screen the server rendered: its markup in `#root`, its
   * data beside it (a JSON block, which the CSP lets through as it runs nothing) and the
   * storefront's style sheets inlined in place of their links. With `scripts`, the page names
   * only the web's starter (apps/web/src/start-after-paint.ts) in place of the entry and the
   * preloads: the page shows whole without scripts, so they are asked for once it has painted.
   */
  withScreen(head: PageHead, screen: RenderedScreen): string {
    const state = [
      jsonBlock(QUERY_STATE_ID, screen.state),
      jsonBlock(SHOPPER_STATE_ID, screen.shopper),
      jsonBlock(MONEY_FORMAT_ID, screen.money),
    ].join('');
    const { scripts } = screen;
    const photo = firstPhotoPreload(screen.html);
    const page = this.withHead(head)
      .replace(/<title>/i, (tag) => (photo ? `${photo}\n    ${tag}` : tag))
      .replace(STYLESHEET_LINKS, '')
      .replace(
        ROOT,
        () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${screen.html}</div>${state}`,
      );
    if (!scripts) return page.replace(/<\/head>/i, () => `<style>${screen.css}</style>\n  </head>`);
    const starter = [
      `<script type="module" crossorigin src="${escapeHtml(scripts.starter)}"`,
      ` data-entry="${escapeHtml(scripts.entry)}"`,
      ` data-modules="${escapeHtml(scripts.modules.join(' '))}"></script>`,
    ].join('');
    return page
      .replace(MODULE_PRELOADS, '')
      .replace(MODULE_SCRIPTS, (tag, src: string) => (src === scripts.entry ? '' : tag))
      .replace(/<\/head>/i, () => `<style>${screen.css}</style>\n    ${starter}\n  </head>`);
  }
}

/** A screen rendered on the server, with what it needs in the page around it. */
export interface RenderedScreen {
  html: string;
  /** The server-state it was rendered from (apps/web/src/entry-server.tsx). */
  state?: unknown;
  /** The shopper's state it was rendered with (the cart page's). */
  shopper?: unknown;
  /** How its prices are written, for the browser to write them the same. */
  money?: unknown;
  /** The style sheets to inline. */
  css: string;
  /** The page's scripts, started after its first paint; index.html's own without them. */
  scripts?: PageScripts;
}

/** The scripts a server-rendered page starts once it has painted (storefront-assets.ts). */
export interface PageScripts {
  /** The web's starter, the one script the page names. */
  starter: string;
  /** The web's entry, which the starter runs. */
  entry: string;
  /** The screen's chunks besides the entry, which the starter preloads with it. */
  modules: string[];
}

/** The first photo the screen shows at once (`fetchpriority` high: the largest paint, mostly). */
const FIRST_PHOTO = /<img\b[^>]*\bfetchPriority="high"[^>]*>/i;
const attributeOf = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * A preload of the screen's first photo, ahead of the head's other tags, as its <img> asks for it (same
 * srcset and sizes, so the browser picks the same file): its request starts with the page's
 * first bytes instead of once the parser reaches the body, behind the scripts. The attribute
 * values are taken as React escaped them.
 */
function firstPhotoPreload(html: string): string | undefined {
  const tag = FIRST_PHOTO.exec(html)?.[0];
  const src = tag && attributeOf(tag, 'src');
  if (!tag || !src) return undefined;
  const srcset = attributeOf(tag, 'srcSet');
  const sizes = attributeOf(tag, 'sizes');
  return [
    `<link rel="preload" as="image" fetchpriority="high" href="${src}"`,
    srcset ? ` imagesrcset="${srcset}"` : '',
    sizes ? ` imagesizes="${sizes}"` : '',
    '>',
  ].join('');
}

/** The element the SPA renders into, empty in index.html. */
const ROOT = /<div id="root"><\/div>/i;
/** The web marks `#root` so when it holds a server render (apps/web/src/lib/server-rendered.ts). */
const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** Where the web reads the render's server-state from (apps/web/src/app/first-screen.ts). */
export const QUERY_STATE_ID = 'shop-query-state';
/** Where the web reads the shopper's state from (apps/web/src/lib/server-rendered.ts). */
const SHOPPER_STATE_ID = 'shop-shopper-state';
/** Where the web reads how the page's prices are written (apps/web/src/app/first-screen.ts). */
const MONEY_FORMAT_ID = 'shop-money-format';

/** Data beside `#root`, as a JSON block (which the CSP lets through, as it runs nothing). */
const jsonBlock = (id: string, data: unknown) =>
  data === undefined
    ? ''
    : `<script type="application/json" id="${id}">${htmlescape(data)}</script>`;
const STYLESHEET_LINKS = /<link rel="stylesheet"[^>]*>\s*/gi;
/** index.html's module scripts (its entry), with the white space after each. */
const MODULE_SCRIPTS = /<script type="module"[^>]*\ssrc="([^"]*)"[^>]*><\/script>\s*/gi;
/** The home page's chunks, which index.html preloads on every page. */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/gi;

/** Where a head's tags go in a page without a title: before `</head>`, else at the start. */
function headEnd(html: string) {
  const end = html.search(/<\/head>/i);
  return end === -1 ? 0 : end;
}
