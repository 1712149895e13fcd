/**
 * Photo benchmark: fills a running shop with products carrying ~1 MB photos through its
 * create-product API, then times product-list/1 (the median of several requests). It only talks
 * HTTP, so the same script measures any version of the shop; start that one on a throwaway
 * database first (see the README, "Product photos").
 *
 *   cd apps/api && npx tsx scripts/photo-bench.ts http://127.0.0.1:8091 [products=1000] [timings=9]
 *
 * A count of 0 only times the listing of a shop filled before. Signs in as the seed admin.
 */
import sharp from 'sharp';

const base = (process.argv[2] ?? '').replace(/\/$/, '');
const count = Number(process.argv[3] ?? 1000);
const timings = Number(process.argv[4] ?? 9);
if (!/^https?:\/\//.test(base) || !Number.isInteger(count) || !(timings > 0)) {
  console.error('usage: photo-bench.ts <shop URL> [products=1000] [timings=9]');
  process.exit(2);
}

/** Under the default 1,000,000-byte upload limit, as close to it as noise makes easy. */
const MAX_BYTES = 990_000;
/** Distinct photos; products reuse them in turn (each product still stores its own). */
const DISTINCT_PHOTOS = 8;
const CONCURRENCY = 2;

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}/api/v1${path}`, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A noisy 1400×1000 JPEG at quality 95 (about 1 MB); shrunk until it fits the upload limit. */
async function noisePhoto(seed: number): Promise<Buffer> {
  for (let width = 1400; ; width -= 50) {
    const height = Math.round((width * 1000) / 1400);
    const bytes = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 100 + seed * 10, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (bytes.length <= MAX_BYTES) return bytes;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function fill(token: string) {
  const photos = await Promise.all(
    Array.from({ length: DISTINCT_PHOTOS }, (_, i) => noisePhoto(i)),
  );
  const sizes = photos.map((p) => p.length);
  console.log(`photos: ${Math.min(...sizes)}–${Math.max(...sizes)} bytes each`);
  const category = (await call('/category/create-category', {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${Date.now()}` }),
  })) as { category: { _id: string } };
  const started = performance.now();
  let next = 0;
  const createRemaining = async () => {
    for (let i = next++; i < count; i = next++) {
      const form = new FormData();
      form.set('name', `Bench product ${Date.now()} ${i}`);
      form.set('description', 'A product of the photo benchmark');
      form.set('price', String(10 + (i % 90)));
      form.set('quantity', '5');
      form.set('category', category.category._id);
      form.set('shipping', '1');
      const photo = photos[i % photos.length] as Buffer;
      form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      await call('/product/create-product', {
        method: 'POST',
        headers: { Authorization: token },
        body: form,
      });
      if ((i + 1) % 100 === 0) console.log(`  ${i + 1} products created`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, createRemaining));
  const seconds = (performance.now() - started) / 1000;
  console.log(`created ${count} products in ${seconds.toFixed(0)} s`);
}

const login = (await call('/auth/login', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'admin@shop.test', password: 'admin123' }),
})) as { token: string };
if (count > 0) await fill(login.token);

const total = ((await call('/product/product-count')) as { total: number }).total;
await call('/product/product-list/1'); // warm-up
const times: number[] = [];
for (let i = 0; i < timings; i += 1) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/product/product-list/1`);
  const bytes = (await res.arrayBuffer()).byteLength;
  if (!res.ok) throw new Error(`product-list/1: ${res.status}`);
  times.push(performance.now() - started);
  if (i === 0) console.log(`product-list/1: ${bytes} bytes`);
}
console.log(
  `product-list/1 over ${total} products: median ${median(times).toFixed(1)} ms ` +
    `(min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}, ${timings} requests)`,
);
