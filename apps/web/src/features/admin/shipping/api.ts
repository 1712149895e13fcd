import {
  type ShippingZonesRequest,
  shippingZonesResponseSchema,
  shippingZonesSavedResponseSchema,
} from '@shop/contracts/shipping';
import { mutationOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { outcome } from '../shared/outcome';

const ZONES = '/api/v1/shipping/zones';

/** `['admin', 'shipping-zones']`: every zone and the methods it offers. */
export const zonesQuery = {
  queryKey: ['admin', 'shipping-zones'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getParsed(ZONES, shippingZonesResponseSchema, signal),
};

export const saveZones = (request: ShippingZonesRequest) =>
  sendParsed('put', ZONES, request, outcome(shippingZonesSavedResponseSchema));

/** Saving the zones: the answer holds them as saved, which the zones' read then holds. */
export const zonesWrite = () =>
  mutationOptions({
    mutationFn: saveZones,
    onSuccess: (answer, _request, _result, { client }) =>
      client.setQueryData(zonesQuery.queryKey, answer),
  });
