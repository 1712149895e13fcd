import mongoose, { type InferSchemaType } from 'mongoose';

const userSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true },
    password: { type: String, required: true, select: false },
    phone: { type: String, required: true },
    address: { type: String, required: true },
    role: { type: Number, default: 0 },
    /** Raised by a password change: tokens carrying an older version are refused. */
    tokenVersion: { type: Number, default: 0 },
  },
  { timestamps: true },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ createdAt: -1 });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };
export const UserModel = mongoose.model('users', userSchema);

/** The user as every response shows it: never the password hash. */
export const toPublicUser = (user: UserDoc) => ({
  _id: String(user._id),
  name: user.name,
  email: user.email,
  phone: user.phone,
  address: user.address,
  role: user.role ?? 0,
});
export type PublicUser = ReturnType<typeof toPublicUser>;
