import type { AuditSpec } from '../../lib/route.js';
import { readLowStockThreshold } from './repository.js';

/** The audit of the low stock threshold, one setting of the shop. */
export const lowStockThresholdAudit = {
  type: 'settings',
  target: () => 'low-stock-threshold',
  load: async () => ({ lowStockThreshold: await readLowStockThreshold() }),
  label: () => 'Low stock threshold',
} satisfies AuditSpec<unknown>;
