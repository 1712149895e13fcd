import mongoose, { type InferSchemaType } from 'mongoose';
import { deliveryAddressFields } from '../../lib/delivery-address-model.js';

const userSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true },
    /** The bcrypt hash; repository.ts gives it out only to the login's comparison. */
    password: { type: String, required: true },
    phone: { type: String, required: true },
    address: { type: String, required: true },
    role: { type: Number, default: 0 },
    /** Saved from a checkout ("Save this address to my profile"); `address` stays the spec's text. */
    deliveryAddress: { type: deliveryAddressFields, default: undefined },
    /** Raised by a password change: tokens carrying an older version are refused. */
    tokenVersion: { type: Number, default: 0 },
  },
  { timestamps: true },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ createdAt: -1 });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };
/** Read and written only by ./repository.ts. */
export const UserModel = mongoose.model('users', userSchema);
