import { launchChromium } from './support/chromium.mjs';
const base = 'http://127.0.0.1:8090';
const tag = process.argv[2] ?? 'desk';
const [w, h] = tag === 'desk' ? [1280, 900] : [390, 844];
const browser = await launchChromium();
const ctx = await browser.newContext({ viewport: { width: w, height: h } });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text().slice(0, 200)); });
await page.goto(base + '/login');
await page.locator('input[type=email]').fill('admin@shop.test');
await page.locator('input[type=password]').fill('admin123');
await page.getByRole('button', { name: /login/i }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
for (const path of ['/dashboard/admin/products', '/dashboard/admin/reviews', '/dashboard/admin/orders']) {
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const name = path.split('/').pop();
  await page.screenshot({ path: `/tmp/shots/${name}-${tag}.png`, fullPage: false });
  console.log(path, await page.title());
}
// Shipping: a bad rate
await page.goto(base + '/dashboard/admin/shipping');
await page.waitForLoadState('networkidle');
console.log((await page.locator('main').innerText()).slice(0, 600).replace(/\n+/g, ' | '));
await browser.close();
