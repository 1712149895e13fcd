import type { RowChange, RowError } from '@shop/contracts/catalogue-csv';
import { productPhotoUrl } from '@shop/contracts/photo-urls';
import { AppError } from '../../lib/errors.js';
import { skuKey } from '../catalogue/index.js';
import {
  findProduct,
  findProductsBySlug,
  type PreparedPhoto,
  preparePhoto,
  type StoredProduct,
  type StoredVariant,
  setProductPhoto,
  setVariantPhoto,
} from '../products/index.js';
import type { RowInput } from './input.js';
import { checkPhotoUrl, fetchPhoto, type PhotoFetchOptions, PhotoRefused } from './photo-fetch.js';
import type { ProductPlan } from './plan.js';
import { photoUrlOf } from './presenter.js';

/**
 * What a row's photo does: the product's photo, the variant's own, or the variant shows its
 * product's again. `photo` is the photo fetched and prepared (none in a dry run).
 */
export interface PhotoStep {
  row: number;
  sku: string;
  /** A new SKU's: its change is not listed (a created row's fields are not). */
  created: boolean;
  from: string;
  to: string;
  set: 'product' | 'variant' | 'product photo again';
  photo?: PreparedPhoto;
}

/**
 * How the import treats photos: whether it writes, where it may fetch from, and the shop's
 * public origin its export's photo URLs start with.
 */
export interface PhotoContext {
  dryRun: boolean;
  fetch: PhotoFetchOptions;
  origin: string;
}

/** What an import is run with, a dry run or not. */
export type ImportOptions = Omit<PhotoContext, 'dryRun'>;

/**
 * The photo of this shop a URL names (its rendition's or original's, at any origin): the id of
 * the product or variant it is of and its version, else null.
 */
function shopPhotoOf(text: string): { ownerId: string; version: string } | null {
  const base = 'http://shop.invalid';
  if (!URL.canParse(text, base)) return null;
  const url = new URL(text, base);
  const prefix = productPhotoUrl('');
  const ownerId = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
  const version = url.searchParams.get('v');
  return ownerId && version ? { ownerId, version } : null;
}

const names = (
  named: { ownerId: string; version: string } | null,
  ownerId: string,
  photo: { version: string } | null | undefined,
) => Boolean(named && photo && named.ownerId === ownerId && named.version === photo.version);

/** Why a photo was not taken, when it is the row's fault (its URL, its bytes), else null. */
function refusal(err: unknown): string | null {
  if (err instanceof PhotoRefused) return err.message;
  if (err instanceof AppError && err.status < 500) return err.message;
  return null;
}

/**
 * The photo steps of one product's rows, worked out (and, unless a dry run, fetched and
 * prepared) before any of them is planned, so that a photo that fails refuses its whole row.
 * A cell naming the photo the SKU shows changes nothing (an export imported again), with or
 * without IMPORT_PHOTO_HOSTS. Any other URL is fetched, each once; a dry run checks only what
 * needs no network (http(s), a listed host). Where a fetched photo goes: a product sold one way,
 * or one without a photo yet, takes it as its own (the first URL its rows give); otherwise it is
 * the variant's own photo. A variant's cell naming its product's photo takes its own away.
 */
export async function photoSteps(
  product: StoredProduct | undefined,
  rows: readonly RowInput[],
  context: PhotoContext,
): Promise<{ steps: PhotoStep[]; errors: RowError[] }> {
  const steps: PhotoStep[] = [];
  const errors: RowError[] = [];
  const fetched = new Map<string, Promise<PreparedPhoto>>();
  const prepared = (url: string) => {
    const photo =
      fetched.get(url) ?? fetchPhoto(url, context.fetch).then((bytes) => preparePhoto(bytes));
    fetched.set(url, photo);
    return photo;
  };
  const hasOptions = product ? product.options.length > 0 : rows.some((r) => r.options);
  // The URL the product takes its photo from: none yet (undefined), or null when it has one.
  let productTakes: string | null | undefined = product?.photo ? null : undefined;
  for (const row of rows) {
    const to = row.photo;
    if (to === undefined) continue;
    const variant: StoredVariant | undefined = product?.variants.find(
      (v) => skuKey(v.sku) === skuKey(row.sku),
    );
    const named = shopPhotoOf(to);
    const from = product && variant ? photoUrlOf(product, variant, context.origin) : '';
    const step = { row: row.row, sku: row.sku, created: !variant, from, to };
    if (product && variant) {
      const shown = variant.photo ? [variant._id, variant.photo] : [product._id, product.photo];
      if (names(named, ...(shown as [string, { version: string } | null]))) continue;
      if (variant.photo && names(named, product._id, product.photo)) {
        steps.push({ ...step, set: 'product photo again' });
        continue;
      }
    }
    const set =
      !hasOptions || (productTakes !== null && (productTakes ?? to) === to) ? 'product' : 'variant';
    try {
      if (context.dryRun) checkPhotoUrl(to, context.fetch.hosts);
      const photo = context.dryRun ? undefined : await prepared(to);
      steps.push({ ...step, set, ...(photo ? { photo } : {}) });
      if (set === 'product' && hasOptions) productTakes = to;
    } catch (err) {
      const message = refusal(err);
      if (message === null) throw err;
      errors.push({ row: row.row, column: 'photo', message });
    }
  }
  return { steps, errors };
}

/** Gives the product (read again after its rows' write) the photos of the steps. */
async function applyPhotos(
  product: { productId: string } | { slug: string },
  steps: readonly PhotoStep[],
) {
  const written =
    'productId' in product
      ? await findProduct(product.productId)
      : (await findProductsBySlug([product.slug]))[0];
  if (!written) return;
  for (const step of steps) {
    const variant = written.variants.find((v) => skuKey(v.sku) === skuKey(step.sku));
    if (step.set === 'product' && step.photo) await setProductPhoto(written._id, step.photo);
    else if (variant && step.set === 'variant' && step.photo) {
      await setVariantPhoto(written._id, variant._id, step.photo);
    } else if (variant && step.set === 'product photo again') {
      await setVariantPhoto(written._id, variant._id, null);
    }
  }
}

/**
 * The plan with its rows' photos: each kept row's photo listed as a change (a row that changed
 * nothing else is then updated), and given once the product's rows are written.
 */
export function withPhotos(
  plan: ProductPlan,
  steps: readonly PhotoStep[],
  product: { productId: string } | { slug: string },
): ProductPlan {
  const kept = steps.filter((s) => plan.rows.includes(s.row));
  if (kept.length === 0) return plan;
  const changedRows = new Set(plan.changes.map((c) => c.row));
  const changes: RowChange[] = kept
    .filter((s) => !s.created)
    .map(({ row, sku, from, to }) => ({ row, sku, field: 'photo', from, to }));
  const newlyUpdated = new Set(changes.filter((c) => !changedRows.has(c.row)).map((c) => c.row));
  return {
    ...plan,
    updated: plan.updated + newlyUpdated.size,
    unchanged: plan.unchanged - newlyUpdated.size,
    changes: [...plan.changes, ...changes],
    photos: () => applyPhotos(product, kept),
  };
}
