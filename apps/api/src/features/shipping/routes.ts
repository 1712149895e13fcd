import {
  describeShippingIssue,
  shippingZonesRequestSchema,
  shippingZonesResponseSchema,
  shippingZonesSavedResponseSchema,
} from '@shop/contracts/shipping';
import { defineRoute } from '../../lib/route.js';
import { storeSettings } from '../store/index.js';
import { shippingZonesAudit } from './audit.js';
import { zonesInMajorUnits } from './presenter.js';
import { saveShippingZones, storedShippingZones } from './use-cases.js';

const PATH = '/api/v1/shipping/zones';

export const shippingRoutes = [
  defineRoute({
    method: 'get',
    path: PATH,
    access: { staff: [], to: 'manage shipping' },
    summary: 'Every shipping zone with its methods, amounts in the store currency',
    responses: { 200: shippingZonesResponseSchema },
    failures: [],
    handler: async (_input, _req, res) => {
      const { currency } = await storeSettings();
      res.json({ success: true, zones: zonesInMajorUnits(await storedShippingZones(), currency) });
    },
  }),
  defineRoute({
    method: 'put',
    path: PATH,
    access: { staff: [], to: 'manage shipping' },
    summary:
      'Replace every shipping zone: no country in two zones, at most one rest of the world, tiers strictly ascending; ids kept when given',
    body: { json: shippingZonesRequestSchema, describe: describeShippingIssue },
    responses: { 200: shippingZonesSavedResponseSchema },
    failures: [400, 413],
    audit: shippingZonesAudit,
    handler: async ({ body }, _req, res) => {
      const zones = await saveShippingZones(body);
      const { currency } = await storeSettings();
      res.json({
        success: true,
        message: 'Shipping zones saved',
        zones: zonesInMajorUnits(zones, currency),
      });
    },
  }),
];
