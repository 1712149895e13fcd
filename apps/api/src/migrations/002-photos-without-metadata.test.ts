import { PHOTO_WIDTHS, photoRenditionUrl, productResponseSchema } from '@shop/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoEtag } from '../features/products/photo.js';
import { photoFileIdsOf } from '../features/products/photo-store.js';
import { findProduct } from '../features/products/repository/reads.js';
import { makeCategory, uniqueWord } from '../test/catalogue.js';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe.js';
import { startTestApp } from '../test/harness.js';
import { runMigration } from '../test/migrations.js';
import { type ApiProcess, startApiProcess } from '../test/oversell.js';
import { metadataOf, phonePhoto, uprightWithoutMetadata } from '../test/photos.js';
import {
  damageStoredOriginal,
  forgetMigration,
  insertProductWithUnstrippedPhotos,
} from '../test/raw-documents.js';
import { migration, STRIP_BATCH } from './002-photos-without-metadata.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let fake: FakeStripe;
let categoryId: string;
beforeAll(async () => {
  t = await startTestApp();
  fake = await startFakeStripe();
  categoryId = (await makeCategory()).id;
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

/** A product as a version before stripping stored it: its photo and a variant's from a phone. */
async function insertOldProduct() {
  const name = `Old ${uniqueWord()}`;
  const slug = name.toLowerCase().replace(' ', '-');
  const ids = await insertProductWithUnstrippedPhotos({
    name,
    slug,
    categoryId,
    photo: await phonePhoto(),
    bluePhoto: await phonePhoto('jpeg', '#2244ee'),
    contentType: 'image/jpeg',
  });
  return { ...ids, slug };
}

const photoUrl = (id: string) => `/api/v1/product/product-photo/${id}`;

/** The original as a browser that holds the old one asks for it again. */
const revalidate = (id: string, etag: string) =>
  t.http().get(photoUrl(id)).set('If-None-Match', etag).buffer(true);

/** The shop started as `pnpm dev` starts it, on the tests' database, until it is serving. */
async function startShop() {
  const logged: string[] = [];
  const shop = await startApiProcess(t.databaseUrl, fake, { log: (line) => logged.push(line) });
  // What it logged before listening has all arrived once the line that says so has.
  await expect.poll(() => logged.some((line) => line.includes('shop listening'))).toBe(true);
  return { shop, logged };
}

const stop = async (shop: ApiProcess) => {
  shop.stop();
  await shop.exited;
};

/**
 * The products of this file are all of the version before stripping (or stripped by the
 * tests before): migration 002 takes every product not marked stripped for one to strip, which
 * is why a database records it once run, before anything of today's shape is written.
 */
describe('migration 002: photos without their metadata', () => {
  it('when the shop starts on photos stored with the camera and GPS and 002 not recorded, then it runs 002 alone and serves them stripped; started again, it runs nothing', async () => {
    const old = await insertOldProduct();
    await forgetMigration(migration.id);

    const first = await startShop();
    try {
      for (const id of [old.id, old.blueId]) {
        const res = await fetch(`${first.shop.url}${photoUrl(id)}`);
        const served = Buffer.from(await res.arrayBuffer());
        expect(await metadataOf(served)).toEqual(uprightWithoutMetadata('jpeg'));
      }
    } finally {
      await stop(first.shop);
    }
    expect(first.logged.join('\n')).toContain(`migrations: 1 pending (${migration.id})`);
    expect(first.logged.join('\n')).toContain(
      '2 product photos stored again without their metadata',
    );
    const stripped = await findProduct(old.id);

    const second = await startShop();
    await stop(second.shop);
    expect(second.logged.join('\n')).toContain('migrations: none pending');
    expect(second.logged.join('\n')).not.toContain('stored again');
    expect(await findProduct(old.id)).toEqual(stripped);
  }, 180_000);

  it('when photos were stored with the camera and GPS, then they are served upright without them, under new versions, and a second run changes nothing', async () => {
    const old = await insertOldProduct();
    const before = await t.http().get(photoUrl(old.id)).buffer(true).expect(200);
    expect((await metadataOf(before.body as Buffer)).namesTheCamera).toBe(true);
    const etags = { [old.id]: before.headers.etag ?? '', [old.blueId]: '' };
    etags[old.blueId] = (await t.http().get(photoUrl(old.blueId))).headers.etag ?? '';

    expect((await runMigration(migration)).lines).toEqual([
      '2 product photos stored again without their metadata',
    ]);

    const res = await t.http().get(`/api/v1/product/get-product/${old.slug}`).expect(200);
    const { product } = productResponseSchema.parse(res.body);
    const photos = {
      [old.id]: product.photo ?? expect.fail('no photo'),
      [old.blueId]: product.variants.find((v) => v._id === old.blueId)?.photo ?? expect.fail(),
    };
    for (const [id, photo] of Object.entries(photos)) {
      // Its old ETag no longer matches: the browser gets the stripped bytes, not a 304.
      const served = await revalidate(id, etags[id] ?? '').expect(200);
      expect(await metadataOf(served.body as Buffer)).toEqual(uprightWithoutMetadata('jpeg'));
      expect(served.headers.etag).toBe(`"${photo.version}"`);
      expect(photo.version).toBe(photoEtag(served.body as Buffer));
      expect(photo).toMatchObject({ width: 40, height: 60 });
      expect(await photoFileIdsOf(id)).toEqual(
        ['orig', ...PHOTO_WIDTHS.map((w) => `w${w}`)].map((s) => `${id}:${photo.version}:${s}`),
      );
      const rendition = await t
        .http()
        .get(photoRenditionUrl(id, photo, 320))
        .buffer(true);
      expect(await sharp(rendition.body as Buffer).metadata()).toMatchObject({
        format: 'webp',
        width: 40,
        height: 60,
      });
    }

    const migrated = await findProduct(old.id);
    expect((await runMigration(migration)).lines).toEqual([]);
    expect(await findProduct(old.id)).toEqual(migrated);
  });

  it('when it runs twice at once, then each photo is stripped once and its files stay served', async () => {
    const old = await insertOldProduct();

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    expect(runs.flatMap((run) => run.lines)).toEqual([
      '2 product photos stored again without their metadata',
    ]);
    const stored = await findProduct(old.id);
    const version = stored?.photo?.version;
    expect(await photoFileIdsOf(old.id)).toEqual(
      ['orig', ...PHOTO_WIDTHS.map((w) => `w${w}`)].map((s) => `${old.id}:${version}:${s}`),
    );
    const served = await t.http().get(photoUrl(old.id)).buffer(true).expect(200);
    expect(await metadataOf(served.body as Buffer)).toEqual(uprightWithoutMetadata('jpeg'));
  });

  it('when more products than a batch are to strip, then each batch is told as done and all are stripped', async () => {
    const olds = await Promise.all(
      Array.from({ length: STRIP_BATCH + 2 }, () => insertOldProduct()),
    );

    const { lines, progress } = await runMigration(migration);

    expect(lines).toEqual([
      `${2 * (STRIP_BATCH + 2)} product photos stored again without their metadata`,
    ]);
    expect(progress).toEqual([
      [STRIP_BATCH, STRIP_BATCH + 2],
      [STRIP_BATCH + 2, STRIP_BATCH + 2],
    ]);
    const last = olds[STRIP_BATCH + 1] ?? expect.fail('no product');
    const served = await t.http().get(photoUrl(last.blueId)).buffer(true).expect(200);
    expect(await metadataOf(served.body as Buffer)).toEqual(uprightWithoutMetadata('jpeg'));
  });

  it('when a stored original is no readable image, then its product is left as it was and named', async () => {
    const old = await insertOldProduct();
    const before = await findProduct(old.id);
    await damageStoredOriginal(old.blueId, before?.variants[1]?.photo?.version ?? '');

    const { lines, details } = await runMigration(migration);

    expect(lines).toEqual([
      'product photos whose original is no readable image keep their metadata: upload them again',
    ]);
    expect(details).toEqual([{ products: [old.id] }]);
    expect(await findProduct(old.id)).toEqual(before);
  });
});
