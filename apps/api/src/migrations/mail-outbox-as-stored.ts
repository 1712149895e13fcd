import mongoose from 'mongoose';

/**
 * The migrations' reads and writes of the e-mails the previous build kept waiting in
 * `mail_outbox` (one document per e-mail, under its event's id), which no model describes any
 * more: straight through the driver.
 */
const NAME = 'mail_outbox';
const mails = () => mongoose.connection.collection<OldMail>(NAME);

/** An e-mail as the previous build kept it until the mail server took it. */
export interface OldMail {
  /** Its event's id, recorded by the change it announces (an order's `events`, …). */
  _id: string;
  /**
   * `placed`, `status`, `cancelled` (of `orderId`), `order-links`, `verify-email` (to `to`),
   * `back-in-stock` (of `about`).
   */
  kind: string;
  orderId?: string;
  /** The status a `status` e-mail announces. */
  status?: string;
  to?: string;
  /** The one-time token a `verify-email` letter's link carries. */
  token?: string;
  /** What a notice is about: a back-in-stock subscription's id. */
  about?: string;
  createdAt: Date;
  due: Date;
  /** The claim of the sender that held it, null while none did. */
  claim?: string | null;
  attempts?: number;
  lastError?: string;
}

/** The ids of the e-mails waiting: none when the collection is not there. */
export async function oldMailIds(): Promise<string[]> {
  const found = await mails()
    .find({}, { projection: { _id: 1 } })
    .toArray();
  return found.map(({ _id }) => _id);
}

export const readOldMails = (ids: readonly string[]) =>
  mails()
    .find({ _id: { $in: [...ids] } })
    .toArray();

export async function removeOldMails(ids: readonly string[]) {
  await mails().deleteMany({ _id: { $in: [...ids] } });
}

/** MongoDB's and FerretDB's answer to dropping a collection that is not there. */
const NAMESPACE_NOT_FOUND = 26;

/** Drops the collection, its index with it; not there (dropped before) is fine. */
export async function dropOldMailOutbox() {
  await mails()
    .drop()
    .catch((err: { code?: number }) => {
      if (err.code !== NAMESPACE_NOT_FOUND) throw err;
    });
}
