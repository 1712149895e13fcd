import { nameWithOptions } from '@shop/contracts';
import escapeHtml from 'escape-html';
import type { MailEvent, NoticeMail, NoticeSource } from '../mail/index.js';
import { findProduct } from '../products/index.js';
import { findSubscription, removeNotified } from './repository.js';

/** The back-in-stock e-mail: the variant, and the link to its product's page. */
function renderNotice(to: string, name: string, link: string): NoticeMail {
  const says = `Good news: ${name} is back in stock.`;
  const after = 'You asked us to tell you once; this is the only e-mail about it.';
  return {
    to,
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

/**
 * What the outbox sends for a back-in-stock event: sent once the subscription it is about
 * records it (the one update that ended the wait), dropped when the subscription or the
 * product is gone; the subscription removed once the mail server took the e-mail.
 */
export function backInStockNotices(shopUrl: string): NoticeSource {
  return {
    read: async (event: MailEvent) => {
      const subscription = event.about ? await findSubscription(event.about) : null;
      if (!subscription) return 'gone';
      if (subscription.notifiedBy !== event._id) return 'not landed';
      const product = await findProduct(subscription.productId);
      const variant = product?.variants.find((v) => v._id === subscription.variantId);
      if (!product || !variant) return 'gone';
      const name = nameWithOptions(product.name, variant.options);
      return renderNotice(subscription.email, name, `${shopUrl}/product/${product.slug}`);
    },
    sent: async (event: MailEvent) => {
      if (event.about) await removeNotified(event.about, event._id);
    },
  };
}
