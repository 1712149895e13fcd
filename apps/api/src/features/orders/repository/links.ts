import mongoose from 'mongoose';
import { groupedCollectionWrites } from '../../../lib/group-commits.js';
import { storedCollection } from '../../../lib/stored-collection.js';
import { OrderLinkModel } from '../model.js';

/**
 * The links that open orders without signing in, by their key's hash (../access-keys.ts): the
 * only module that reads or writes `order_links`.
 */

export interface OrderLinkRecord {
  /** The key's SHA-256 (base64url), never the key. */
  keyHash: string;
  orderId: string;
  number: number;
}

/**
 * Records the links handed out, in one write with those of this process's other callers that
 * come while the previous write is on its way (lib/group-commits.ts: a placed order's answer
 * carries a link, so this is on the path of every order); a link recorded already is left as it
 * is. Resolves once they are recorded: a link works from when it is handed out.
 */
export const recordOrderLinks = (links: readonly OrderLinkRecord[]): Promise<void> =>
  linkWrites(
    links.map(({ keyHash, orderId, number }) => ({
      updateOne: {
        filter: { _id: keyHash },
        update: {
          $setOnInsert: {
            order: new mongoose.Types.ObjectId(orderId),
            number,
            createdAt: new Date(),
          },
        },
        upsert: true,
      },
    })),
  );

const linkWrites = groupedCollectionWrites(storedCollection<{ _id: string }>(OrderLinkModel));

/**
 * The id of the order that number and key hash open, or null. One read by both together, by the
 * hash's index: a number no order has and a wrong key are the same read finding nothing, so
 * neither the answer nor its time tells one from the other.
 */
export async function findOrderIdOfLink(number: number, keyHash: string): Promise<string | null> {
  const link = await OrderLinkModel.findOne({ _id: keyHash, number }, { order: 1 }).lean();
  return link ? String(link.order) : null;
}
