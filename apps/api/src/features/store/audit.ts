import type { AuditSpec } from '../../lib/route.js';
import { readStore } from './repository.js';
import { storeSettings } from './use-cases.js';

/** The audit of the store settings (the support refund limit in minor units). */
export const storeAudit = {
  type: 'settings',
  target: () => 'store',
  load: async () => ({ ...(await readStore(await storeSettings())) }),
  label: () => 'Store settings',
} satisfies AuditSpec<unknown>;
