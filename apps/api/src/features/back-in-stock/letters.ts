import { nameWithOptions } from '@shop/contracts';
import escapeHtml from 'escape-html';
import { allowLetter, type LetterCap } from '../../lib/mailbox-letters.js';
import type { LandingCheck, PublishedEvent } from '../../lib/outbox/index.js';
import type { Letter, Letters, Unsent } from '../mail/index.js';
import { findProduct } from '../products/index.js';
import {
  deferSubscription,
  findSubscription,
  removeNotified,
  type Subscription,
} from './repository.js';

/**
 * A variant a shopper waits for can be had again: published with the one update that ends
 * their subscription (./use-cases.ts), which records it; its `source` is the subscription.
 */
export const VARIANT_BACK_IN_STOCK = 'variant.back-in-stock';

export interface VariantBackInStock {
  subscriptionId: string;
  productId: string;
  variantId: string;
}

/** The back-in-stock e-mail: the variant, and the link to its product's page. */
function renderNotice(to: string, name: string, link: string, subscriptionId: string): Letter {
  const says = `Good news: ${name} is back in stock.`;
  const after = 'You asked us to tell you once; this is the only e-mail about it.';
  return {
    to,
    name: `${subscriptionId}-back-in-stock`,
    subject: `${name} is back in stock`,
    text: [says, '', link, '', after].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:sans-serif">',
      `<p>${escapeHtml(says)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(after)}</p>`,
      '</body></html>',
    ].join(''),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What one mailbox may be told in a day (issue 35): one letter per variant, five in all. A bot
 * holding and releasing the last unit, or asking for one mailbox under many spellings, makes no
 * more than that.
 */
const capsOf = ({ productId, variantId }: Subscription): LetterCap[] => [
  { name: `back-in-stock:${productId}.${variantId}`, letters: 1, windowMs: DAY_MS },
  { name: 'back-in-stock', letters: 5, windowMs: DAY_MS },
];

/**
 * The e-mail of a back-in-stock event: unsent when the subscription or the product is gone, or
 * when the subscription no longer waits on this event; the subscription removed once the mail
 * server took it (a new "Notify me" may then be noted). A letter a cap holds back is deferred,
 * not dropped: the subscription waits again from the end of the cap's window, and is told then
 * if the variant is for sale (a shopper who asked still hears; a bot cannot make it more).
 */
async function backInStockLetter(
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter | Unsent> {
  // The outbox holds what ./use-cases.ts published.
  const { subscriptionId } = event.payload as VariantBackInStock;
  const subscription = await findSubscription(subscriptionId);
  if (!subscription) return { unsent: 'its subscription is gone' };
  if (subscription.notifiedBy !== event.id) return { unsent: 'its subscription waits again' };
  const product = await findProduct(subscription.productId);
  const variant = product?.variants.find((v) => v._id === subscription.variantId);
  if (!product || !variant) return { unsent: 'its product or variant is gone' };
  const verdict = await allowLetter({
    letter: 'back-in-stock',
    to: subscription.email,
    eventId: event.id,
    caps: capsOf(subscription),
  });
  if (!verdict.allowed) {
    await deferSubscription(subscriptionId, event.id, verdict.until);
    return { unsent: `its mailbox's cap holds it back until ${verdict.until.toISOString()}` };
  }
  const name = nameWithOptions(product.name, variant.options);
  const link = `${publicUrl}/product/${product.slug}`;
  return {
    ...renderNotice(subscription.email, name, link, subscriptionId),
    sent: () => removeNotified(subscriptionId, event.id),
  };
}

export const backInStockLetters: Letters = { [VARIANT_BACK_IN_STOCK]: backInStockLetter };

/** A back-in-stock event landed once its subscription records it; gone with the subscription. */
export const backInStockLanding: Record<string, LandingCheck> = {
  [VARIANT_BACK_IN_STOCK]: async (event) => {
    const subscription = event.source ? await findSubscription(event.source) : null;
    if (!subscription) return 'gone';
    return subscription.notifiedBy === event.id ? 'landed' : 'not landed';
  },
};
