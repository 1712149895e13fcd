#!/usr/bin/env node
// Prints the home page's largest contentful paint in Chromium (a fresh browser context: cold
// cache) and when each request started, relative to the navigation.
// With --slow, as a slow phone sees it: the CPU 4x slower, 10 Mbit/s down and up, 40 ms latency.
// Usage: node apps/e2e/scripts/measure-lcp.mjs http://127.0.0.1:PORT/ [runs] [--slow]
import { launchChromium } from '../support/chromium.mjs';

const [url = 'http://127.0.0.1:8080/', runsArg = '5'] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'));
const runs = Number(runsArg);
const slow = process.argv.includes('--slow');
/** 10 Mbit/s in bytes per second, as DevTools' network conditions take it. */
const TEN_MBIT = (10 * 1000 * 1000) / 8;

const browser = await launchChromium();
const lcps = [];
try {
  // The browser's own first-tab work (its UI scripts) is not the shop's: open and close one
  // blank tab before measuring. Every run still uses a fresh context, so the shop's files and
  // answers always come cold from the server.
  const warmUp = await browser.newContext();
  await (await warmUp.newPage()).goto('about:blank');
  await warmUp.close();
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (slow) {
      const devtools = await context.newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: TEN_MBIT,
        uploadThroughput: TEN_MBIT,
      });
    }
    await page.addInitScript(() => {
      window.__lcp = { time: 0, element: '' };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const element = entry.element;
          const what = element
            ? `${element.tagName.toLowerCase()} ${entry.url || element.textContent?.slice(0, 40)}`
            : '';
          window.__lcp = { time: entry.startTime, element: what };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      window.__firstCard = 0;
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('article')) return;
        window.__firstCard = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // LCP is final once the cards and their photos are painted and the network is idle.
    await page.waitForFunction(
      () =>
        document.querySelector('article') && [...document.images].every((image) => image.complete),
    );
    await page.waitForLoadState('networkidle');
    const { lcp, firstCard, requests } = await page.evaluate(() => ({
      lcp: window.__lcp,
      firstCard: window.__firstCard,
      requests: performance
        .getEntriesByType('resource')
        .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd })),
    }));
    lcps.push(lcp.time);
    console.log(
      `run ${run}: LCP ${lcp.time.toFixed(0)} ms (${lcp.element}); first card in the page at ${firstCard.toFixed(0)} ms`,
    );
    if (run === 1) {
      for (const r of requests) {
        console.log(
          `  ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms  ${r.name}`,
        );
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
lcps.sort((a, b) => a - b);
console.log(
  `LCP median of ${runs}${slow ? ' (4x CPU, 10 Mbit/s, 40 ms)' : ''}: ${lcps[Math.floor(runs / 2)].toFixed(0)} ms`,
);
