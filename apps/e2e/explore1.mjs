import { launchChromium } from './support/chromium.mjs';
const base = 'http://127.0.0.1:8090';
const browser = await launchChromium();
for (const [w, h, tag] of [[1280, 900, 'desk'], [390, 844, 'phone']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(tag, 'console', m.type(), m.text().slice(0, 200)); });
  await page.goto(base + '/');
  await page.waitForLoadState('networkidle');
  console.log(tag, 'title', await page.title());
  const link = page.locator('a[href^="/product/"]').first();
  const href = await link.getAttribute('href');
  await page.goto(base + href);
  await page.waitForLoadState('networkidle');
  const add = page.getByRole('button', { name: /add to cart/i }).first();
  await add.click(); await page.waitForTimeout(300); await add.click();
  await page.waitForTimeout(500);
  await page.goto(base + '/cart');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/cart-${tag}.png`, fullPage: true });
  console.log(tag, (await page.locator('main').innerText()).slice(0, 1200).replace(/\n+/g, ' | '));
  await ctx.close();
}
await browser.close();
