import mongoose, { type InferSchemaType } from 'mongoose';

/**
 * One pending confirmation of an account's e-mail: by the SHA-256 of the token its link
 * carries (the token itself is only in the e-mail), until it is used or expires.
 */
const emailConfirmationSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** The account it was sent for: the only one that may use it. */
    userId: { type: mongoose.Schema.Types.ObjectId, required: true },
    /** The address confirmed, as the account had it when the link was sent. */
    email: { type: String, required: true },
    /** When it was offered: it claims only the guest orders placed before. */
    sentAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    /** Set by the one use that confirms it. */
    usedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'email_confirmations' },
);

export type EmailConfirmationDoc = InferSchemaType<typeof emailConfirmationSchema>;
/** Read and written only by ./repository.ts. */
export const EmailConfirmationModel = mongoose.model(
  'email_confirmations',
  emailConfirmationSchema,
);
