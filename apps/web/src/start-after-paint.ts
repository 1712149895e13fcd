/**
 * The only script a page the server rendered names in its HTML (the API puts it in place of the
 * entry: apps/api/src/features/storefront/head-html.ts). The page is whole without scripts, so
 * they wait until it has shown: on a slow phone's connection the page's first photo and text
 * then come first, instead of sharing it with about 190 kB of scripts that change nothing the
 * shopper sees. Once the page has loaded (its first photos in) and painted, this asks for the
 * entry (`data-entry`) and the page's own chunks (`data-modules`), which then hydrate the page.
 *
 * It imports nothing, so it is a file of its own, fetched with the page.
 */
const LONGEST_WAIT_MS = 3000;

const starter = document.querySelector<HTMLScriptElement>('script[data-entry]');

function startScripts() {
  const entry = starter?.dataset.entry;
  if (!entry) return;
  for (const href of (starter.dataset.modules ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

let started = false;
/** After the frame that paints the loaded page, once. */
function startAfterNextPaint() {
  if (started) return;
  started = true;
  requestAnimationFrame(() => setTimeout(startScripts, 0));
}

if (document.readyState === 'complete') {
  startAfterNextPaint();
} else {
  addEventListener('load', startAfterNextPaint, { once: true });
  // A photo that never arrives holds the load event back, not the page's scripts.
  setTimeout(startAfterNextPaint, LONGEST_WAIT_MS);
}
