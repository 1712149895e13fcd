import type { AuditSpec } from '../../lib/route.js';
import { storedShippingZones } from './use-cases.js';

/** The audit of the shipping zones, replaced all at once (rates in minor units). */
export const shippingZonesAudit = {
  type: 'settings',
  target: () => 'shipping',
  load: async () => ({ zones: await storedShippingZones() }),
  label: () => 'Shipping zones',
} satisfies AuditSpec<unknown>;
