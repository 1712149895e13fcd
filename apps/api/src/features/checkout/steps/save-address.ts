import type { DeliveryAddress } from '@shop/contracts';
import { createStep } from '../../../lib/steps.js';
import { saveDeliveryAddress } from '../../auth/index.js';

/**
 * Saves the delivery address to the buyer's profile, as they asked; answers why it failed, if
 * it did. A convenience for the next checkout: the order it came with is placed and charged
 * already, so failing here must not fail the placement (a retry would find the order and not
 * save it either).
 */
export const saveAddressToProfile = createStep(
  'saveAddressToProfile',
  async ({ buyerId, address }: { buyerId: string; address: DeliveryAddress }) => {
    try {
      await saveDeliveryAddress(buyerId, address);
      return undefined;
    } catch (err) {
      return err ?? new Error('saving the delivery address failed');
    }
  },
);
