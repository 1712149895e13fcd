/**
 * Photo check in Chromium at 1280 px: opens the home page of a running shop, scrolls through it
 * and prints the bytes of every product image; then visits again and prints what the second visit
 * fetched (the aim: nothing, every image from the browser's cache, no revalidation request).
 *
 *   node apps/e2e/scripts/photo-cache-check.mjs http://127.0.0.1:8091
 *
 * Uses Debian's /usr/bin/chromium (or CHROMIUM_PATH) through playwright-core.
 */
import { launchChromium } from '../support/chromium.mjs';

const base = (process.argv[2] ?? '').replace(/\/$/, '');
if (!/^https?:\/\//.test(base)) {
  console.error('usage: photo-cache-check.mjs <shop URL>');
  process.exit(2);
}

const browser = await launchChromium();
const context = await browser.newContext({
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
});

/** One visit of the home page, in a new tab; every product image request it made. */
async function visit() {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  const entry = (id) => requests.get(id) ?? requests.set(id, { bytes: 0 }).get(id);
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes('/product-photo/'))
      Object.assign(entry(e.requestId), { url: e.request.url });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    if (requests.has(e.requestId)) entry(e.requestId).cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    if (!requests.has(e.requestId)) return;
    const r = e.response;
    Object.assign(entry(e.requestId), {
      status: r.status,
      cached: entry(e.requestId).cached || r.fromDiskCache || r.fromMemoryCache,
      type: r.mimeType,
      cacheControl: r.headers['cache-control'] ?? r.headers['Cache-Control'],
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (requests.has(e.requestId)) entry(e.requestId).bytes = e.encodedDataLength;
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.locator('img.product-photo').first().waitFor();
  // Scrolls down step by step so that lazy images load too.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.waitForLoadState('networkidle');
  const shown = await page.$$eval('img.product-photo', (imgs) =>
    imgs.map((img) => ({
      top: Math.round(img.getBoundingClientRect().top + window.scrollY),
      width: img.clientWidth,
      natural: img.naturalWidth,
      loading: img.loading,
      priority: img.getAttribute('fetchpriority'),
    })),
  );
  await page.close();
  return { requests: [...requests.values()].filter((r) => r.url), shown };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const first = await visit();
console.log(`first visit: ${first.shown.length} product images shown at 1280 px`);
for (const img of first.shown) {
  console.log(
    `  top ${img.top} px, ${img.width} px wide (intrinsic ${img.natural} px, srcset-scaled), ${img.loading}, fetchpriority ${img.priority}`,
  );
}
for (const r of first.requests) {
  const name = r.url.replace(base, '').replace(/v=[0-9a-f]{64}/, 'v=…');
  console.log(`  ${kb(r.bytes).padStart(9)}  ${r.status} ${r.type}  ${r.cacheControl}  ${name}`);
}
const sizes = first.requests.map((r) => r.bytes);
console.log(
  `  per card image: max ${kb(Math.max(...sizes))}, mean ${kb(sizes.reduce((a, b) => a + b, 0) / sizes.length)}; ` +
    `total ${kb(sizes.reduce((a, b) => a + b, 0))}`,
);

const second = await visit();
const network = second.requests.filter((r) => !r.cached);
const bytes = network.reduce((a, r) => a + r.bytes, 0);
console.log(
  `second visit: ${second.shown.length} product images shown, ${second.requests.length} image requests seen, ` +
    `${network.length} went to the server (${network.filter((r) => r.status === 304).length} revalidations), ` +
    `${bytes} image bytes downloaded`,
);
await browser.close();
