import { NOTIFY_ME_NOTED, type NotifyMeRequest } from '@shop/contracts/back-in-stock';
import { badRequest, notFound } from '../../lib/errors.js';
import { publishWith } from '../../lib/outbox/index.js';
import { loadedCatalogue } from '../catalogue/index.js';
import { findProduct, type StoredProduct } from '../products/index.js';
import { VARIANT_BACK_IN_STOCK, type VariantBackInStock } from './letters.js';
import { markNotified, subscribe, waitingSubscriptions } from './repository.js';

/**
 * "Notify me" (issue 29): a shopper leaves an address on a sold-out variant, and once shoppers
 * can have that variant again (an admin restocked it, a checkout's hold ended, an order was
 * cancelled) they get one e-mail through the outbox, and the subscription ends.
 */

/** Notes the address: 404 for an unknown product, 400 for an unknown variant or one in stock. */
export async function noteNotifyMe(productId: string, request: NotifyMeRequest) {
  const product = await findProduct(productId);
  if (!product) throw notFound('Product not found');
  const variant = product.variants.find((v) => v._id === request.variant);
  if (!variant) throw badRequest('This product has no such variant');
  if (variant.quantity > 0) throw badRequest('This variant is in stock: it can be bought now');
  await subscribe(product._id, variant._id, request.email);
  return { success: true, message: NOTIFY_ME_NOTED };
}

const inStock = (product: StoredProduct | null | undefined, variantId: string) =>
  (product?.variants.find((v) => v._id === variantId)?.quantity ?? 0) > 0;

/**
 * Whether this process's catalogue shows the variant sold out: then its product is not read
 * from the database at this look. Read for each product waited on, every look of every process,
 * a thousand sold-out products waited on made a thousand reads each 2 s per process. The
 * catalogue follows every stock change within a poll (CATALOGUE_POLL_MS), so a variant back in
 * stock is told at the next look at the latest; one it shows for sale, or does not know, is read
 * from the database before anyone is told, as before.
 */
const shownSoldOut = (variantId: string) => {
  const variant = loadedCatalogue()?.variantById(variantId);
  return variant !== undefined && variant.quantity <= 0;
};

/**
 * Announces every waiting subscription whose variant shoppers can have again (its e-mail): each
 * event recorded in the outbox, then the subscription ended by one guarded update naming it,
 * so that whichever process gets there first tells the shopper, once (the outbox drops the
 * events of the others). A subscription is only taken while its variant is sold out, so a
 * variant in stock now went from none to some since. Answers how many were queued.
 */
export async function notifyRestocked(): Promise<number> {
  const waiting = await waitingSubscriptions();
  const products = new Map<string, Promise<StoredProduct | null>>();
  let queued = 0;
  for (const subscription of waiting) {
    const { productId, variantId } = subscription;
    if (shownSoldOut(variantId)) continue;
    if (!products.has(productId)) products.set(productId, findProduct(productId));
    if (!inStock(await products.get(productId), variantId)) continue;
    const payload: VariantBackInStock = { subscriptionId: subscription._id, productId, variantId };
    const ended = await publishWith(
      { type: VARIANT_BACK_IN_STOCK, source: subscription._id, payload },
      (eventId) => markNotified(subscription._id, eventId),
    );
    if (ended) queued += 1;
  }
  return queued;
}

/** How often each API process looks for variants back in stock: "within seconds". */
const LOOK_EVERY_MS = 2_000;

export function notifyRestockedRegularly(onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void notifyRestocked().catch(onError), LOOK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
