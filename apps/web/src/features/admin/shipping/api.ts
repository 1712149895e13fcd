import {
  type ShippingZonesRequest,
  shippingZonesResponseSchema,
  shippingZonesSavedResponseSchema,
} from '@shop/contracts/shipping';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { outcome } from '../shared/outcome';

const ZONES = '/api/v1/shipping/zones';

export const zonesQuery = {
  queryKey: ['admin', 'shipping-zones'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getParsed(ZONES, shippingZonesResponseSchema, signal),
};

export const saveZones = (request: ShippingZonesRequest) =>
  sendParsed('put', ZONES, request, outcome(shippingZonesSavedResponseSchema));
