import { ORDER_STATUSES } from '@shop/contracts';
import mongoose, { type InferSchemaType } from 'mongoose';

const orderLineSchema = new mongoose.Schema(
  {
    productId: { type: mongoose.Schema.Types.ObjectId, ref: 'products', required: true },
    name: { type: String, required: true },
    /** Unit price at the time of purchase, in major units. */
    price: { type: Number, required: true },
    quantity: { type: Number, required: true, min: 1 },
  },
  { _id: false },
);

const orderSchema = new mongoose.Schema(
  {
    products: { type: [orderLineSchema], required: true },
    payment: {
      /** The PaymentIntent id; one order per PaymentIntent. */
      id: { type: String, required: true },
      success: { type: Boolean, required: true },
      status: { type: String, required: true },
      /** Minor units. */
      amount: { type: Number, required: true },
      currency: { type: String, required: true },
    },
    buyer: { type: mongoose.Schema.Types.ObjectId, ref: 'users', required: true },
    address: { type: String, default: '' },
    status: { type: String, enum: ORDER_STATUSES, default: 'Not Process' },
  },
  { timestamps: true },
);
orderSchema.index({ 'payment.id': 1 }, { unique: true });
orderSchema.index({ buyer: 1, createdAt: -1 });
orderSchema.index({ createdAt: -1 });

export type OrderDoc = InferSchemaType<typeof orderSchema> & { _id: mongoose.Types.ObjectId };
export const OrderModel = mongoose.model('orders', orderSchema);
