import { objectIdSchema } from './common.js';
import { orderStatusSchema } from './order.js';
import { z } from './zod.js';

/**
 * The admin dashboard's first screen: its calls' schemas, imported as
 * `@shop/contracts/dashboard` (not from the index) so that the home page's bundle does not
 * carry them. Money is in minor units; days are UTC calendar days (`YYYY-MM-DD`).
 */

/** Days the charts cover, today included. */
export const DASHBOARD_DAYS = 30;
/** Products in the revenue ranking. */
export const TOP_PRODUCTS = 10;
/** Discounts (codes and automatic ones) in the ranking by their orders' revenue. */
export const TOP_DISCOUNTS = 10;
/** Variants listed as low in stock, lowest first; `total` counts them all. */
export const LOW_STOCK_LISTED = 50;
/** The threshold until an admin sets one: a variant with fewer units is low in stock. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const LOW_STOCK_THRESHOLD_MAX = 1_000_000;

const count = z.number().int().min(0);
/** Minor units; a day's revenue is never below zero, but a figure may pass through it. */
const minorUnits = z.number().int();

export const dailySalesSchema = z.object({
  /** A UTC calendar day, `YYYY-MM-DD`. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Paid orders placed that day and not cancelled since: their amounts, in minor units. */
  revenue: minorUnits,
  /** Of the revenue: the shipping charged, without its tax (0 before shipping was charged). */
  shipping: minorUnits,
  /** Of the revenue: the tax charged on goods and shipping. */
  tax: minorUnits,
  /** Paid orders placed that day and not cancelled since. */
  orders: count,
  /**
   * What discounts took off those orders (as entered: with tax when prices include it), in
   * minor units; not part of the revenue, which is what was paid.
   */
  discounts: minorUnits,
});
export type DailySales = z.infer<typeof dailySalesSchema>;

export const statusCountSchema = z.object({ status: orderStatusSchema, count });
export type StatusCount = z.infer<typeof statusCountSchema>;

export const topProductSchema = z.object({
  productId: objectIdSchema,
  /** The name it had when last sold in the period. */
  name: z.string(),
  revenue: minorUnits,
  units: z.number().int(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const topDiscountSchema = z.object({
  discountId: objectIdSchema,
  /** Null for an automatic discount: the title names it. */
  code: z.string().nullable(),
  /** The title it had when last used in the period. */
  title: z.string(),
  /** Paid orders placed with it and not cancelled since. */
  orders: count,
  /** What those orders paid, in minor units. */
  revenue: minorUnits,
  /** What it took off them, in minor units (as entered). */
  discounts: minorUnits,
});
export type TopDiscount = z.infer<typeof topDiscountSchema>;

export const lowStockItemSchema = z.object({
  productId: objectIdSchema,
  name: z.string(),
  slug: z.string(),
  variantId: objectIdSchema,
  sku: z.string(),
  /** Option values of the variant (`{ Size: 'M' }`); empty for a product of one variant. */
  options: z.record(z.string(), z.string()),
  quantity: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const lowStockThresholdSchema = z
  .number({ error: 'threshold must be a whole number from 0 to 1000000' })
  .int({ error: 'threshold must be a whole number from 0 to 1000000' })
  .min(0, { error: 'threshold must be a whole number from 0 to 1000000' })
  .max(LOW_STOCK_THRESHOLD_MAX, { error: 'threshold must be a whole number from 0 to 1000000' });

export const dashboardSchema = z
  .object({
    /** The last DASHBOARD_DAYS days, oldest first, today (UTC) last; days without sales are 0. */
    days: z.array(dailySalesSchema),
    /** Every status, in the order of the status list: paid orders (cancelled ones included). */
    ordersByStatus: z.array(statusCountSchema),
    /** Over the same days, by revenue, at most TOP_PRODUCTS. */
    topProducts: z.array(topProductSchema),
    /** Over the same days, by the revenue of the orders placed with them, at most TOP_DISCOUNTS. */
    topDiscounts: z.array(topDiscountSchema),
    lowStock: z.object({
      /** A variant with fewer units than this is low in stock. */
      threshold: count,
      /** Lowest stock first, at most LOW_STOCK_LISTED. */
      items: z.array(lowStockItemSchema),
      /** Every variant low in stock. */
      total: count,
    }),
    /** When the figures were read (ISO 8601); they may be up to a second older in another process. */
    asOf: z.string(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  dashboard: dashboardSchema,
});

export const lowStockThresholdRequestSchema = z.object({ threshold: lowStockThresholdSchema });

export const lowStockThresholdResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  threshold: count,
});
