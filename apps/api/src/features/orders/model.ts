import { ORDER_STATUSES, type Order, type OrderStatus, type ProductSummary } from '@shop/contracts';
import mongoose, { type InferSchemaType } from 'mongoose';
import { type ProductDoc, toPhotoMeta } from '../products/model.js';

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
      /** Set once a cancellation gave the money back (authorization cancelled or refunded). */
      refunded: { type: Boolean, default: false },
    },
    buyer: { type: mongoose.Schema.Types.ObjectId, ref: 'users', required: true },
    address: { type: String, default: '' },
    status: { type: String, enum: ORDER_STATUSES, default: 'Not Process' },
    /** Set once a cancellation put the order's units back in stock, so it happens once. */
    stockReturned: { type: Boolean, default: false },
  },
  { timestamps: true },
);
orderSchema.index({ 'payment.id': 1 }, { unique: true });
orderSchema.index({ buyer: 1, createdAt: -1 });
orderSchema.index({ createdAt: -1 });

export type OrderDoc = InferSchemaType<typeof orderSchema> & { _id: mongoose.Types.ObjectId };
export const OrderModel = mongoose.model('orders', orderSchema);

/** What an order line shows of its product: its photo's metadata, never photo bytes. */
const ORDER_PRODUCT_FIELDS =
  'name slug description price photo.version photo.width photo.height photo.color';
/** What an order shows of its buyer: never the e-mail, address or password hash. */
const ORDER_BUYER_FIELDS = 'name';

interface ProductSummaryDoc {
  _id: mongoose.Types.ObjectId;
  name: string;
  slug: string;
  description: string;
  price: number;
  photo?: ProductDoc['photo'];
}

type OrderLineDoc = OrderDoc['products'][number];

/** An order read with `products.productId` and `buyer` populated (null once deleted). */
export type PopulatedOrderDoc = Omit<OrderDoc, 'products' | 'buyer' | 'payment'> & {
  /** Always present: every payment field is required by the schema. */
  payment: NonNullable<OrderDoc['payment']>;
  products: (Omit<OrderLineDoc, 'productId'> & { productId: ProductSummaryDoc | null })[];
  buyer: { _id: mongoose.Types.ObjectId; name: string } | null;
};

/** Builds the query for orders with everything a response shows populated, newest first. */
export const findPopulatedOrders = (filter: mongoose.RootFilterQuery<OrderDoc>) =>
  OrderModel.find(filter)
    .sort({ createdAt: -1, _id: -1 })
    .populate({ path: 'products.productId', select: ORDER_PRODUCT_FIELDS })
    .populate({ path: 'buyer', select: ORDER_BUYER_FIELDS })
    .lean<PopulatedOrderDoc[]>();

const toProductSummary = (p: ProductSummaryDoc): ProductSummary => ({
  _id: String(p._id),
  name: p.name,
  slug: p.slug,
  description: p.description,
  price: p.price,
  photo: toPhotoMeta(p.photo),
});

/** The one shape of an order in every response (orders, all-orders, order-status, place-order). */
export const toOrder = (o: PopulatedOrderDoc): Order => ({
  _id: String(o._id),
  products: o.products.map((line) => ({
    productId: line.productId ? toProductSummary(line.productId) : null,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
  })),
  payment: {
    id: o.payment.id,
    success: o.payment.success,
    status: o.payment.status,
    amount: o.payment.amount,
    currency: o.payment.currency,
    refunded: o.payment.refunded ?? false,
  },
  buyer: o.buyer ? { _id: String(o.buyer._id), name: o.buyer.name } : null,
  address: o.address ?? '',
  // The model's enum admits only ORDER_STATUSES.
  status: o.status as OrderStatus,
  createdAt: new Date(o.createdAt).toISOString(),
  updatedAt: new Date(o.updatedAt).toISOString(),
});
