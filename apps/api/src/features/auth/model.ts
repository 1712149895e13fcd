import { STAFF_ROLES } from '@shop/contracts';
import mongoose, { type InferSchemaType } from 'mongoose';
import { deliveryAddressFields } from '../../lib/delivery-address-model.js';

/**
 * A TOTP secret (base32) and the SHA-256 hashes of its unused recovery codes; once on, the last
 * time step a code was accepted for (a code is accepted once: only a later step passes).
 */
const secondFactorSchema = () =>
  new mongoose.Schema(
    {
      secret: { type: String, required: true },
      recoveryCodes: { type: [String], default: undefined },
      lastStep: { type: Number },
      since: { type: Date, required: true },
    },
    { _id: false },
  );

const userSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true },
    /** The bcrypt hash; repository.ts gives it out only to the login's comparison. */
    password: { type: String, required: true },
    phone: { type: String, required: true },
    address: { type: String, required: true },
    role: { type: Number, default: 0 },
    /** A staff account's role (its `role` is 1); null for a customer. */
    staffRole: { type: String, enum: [...STAFF_ROLES, null], default: null },
    /** Saved from a checkout ("Save this address to my profile"); `address` stays the spec's text. */
    deliveryAddress: { type: deliveryAddressFields, default: undefined },
    /** Raised by a password change: tokens carrying an older version are refused. */
    tokenVersion: { type: Number, default: 0 },
    /**
     * When the owner of the e-mail's mailbox proved to hold the account (a confirmation link
     * used signed in, or the account taken over by its link); absent until then, and on the
     * accounts of versions before it: such an account can be taken over by the mailbox's owner.
     */
    emailConfirmedAt: { type: Date },
    /** Two-factor sign-in, once turned on (./second-factors.ts): never in any answer. */
    twoFactor: { type: secondFactorSchema(), default: undefined },
    /** A secret set up and not yet confirmed by a code; replaced by the next setup. */
    twoFactorPending: { type: secondFactorSchema(), default: undefined },
  },
  { timestamps: true },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ createdAt: -1 });
userSchema.index({ staffRole: 1 });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };
/** Read and written only by ./repository.ts. */
export const UserModel = mongoose.model('users', userSchema);

/**
 * The link e-mailed to the address of an account that never confirmed it (someone registered
 * with that address again): one per account, replaced by the next one sent, by the SHA-256 of
 * its token (the token itself is only in the e-mail).
 */
const takeOverSchema = new mongoose.Schema(
  {
    /** The account's id. */
    _id: { type: mongoose.Schema.Types.ObjectId, required: true },
    hash: { type: String, required: true },
    /** The address it was sent to, as the account had it. */
    email: { type: String, required: true },
    sentAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    /** Set by the one use that takes the account over. */
    usedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'account_take_overs' },
);
takeOverSchema.index({ hash: 1 }, { unique: true });

/** Read and written only by ./repository.ts. */
export const TakeOverModel = mongoose.model('account_take_overs', takeOverSchema);

/**
 * An owner's invitation of a person to the staff: the link e-mailed to them, by the SHA-256 of
 * its token (the token itself is only in the e-mail), used once to set a password.
 */
const staffInviteSchema = new mongoose.Schema(
  {
    /** The hash of its token. */
    _id: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, required: true },
    staffRole: { type: String, enum: STAFF_ROLES, required: true },
    /** The owner who sent it. */
    invitedBy: { type: mongoose.Schema.Types.ObjectId, required: true },
    sentAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    /** Set by the one use that made the account. */
    usedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'staff_invites' },
);

/** Read and written only by ./staff-repository.ts. */
export const StaffInviteModel = mongoose.model('staff_invites', staffInviteSchema);
