import type { AuditSpec } from '../../lib/route.js';
import { storedTaxSettings } from './use-cases.js';

/** The audit of the tax rates (basis points) and shipping's tax class, replaced at once. */
export const taxAudit = {
  type: 'settings',
  target: () => 'tax',
  load: async () => ({ ...(await storedTaxSettings()) }),
  label: () => 'Tax rates',
} satisfies AuditSpec<unknown>;
