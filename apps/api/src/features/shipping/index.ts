/** Shipping's public module: what the checkout, the start-up and the seed may use. */
export { saveShippingZonesIfNone, shippingZones } from './use-cases.js';
export {
  methodsFor,
  type ShippingMethod,
  type ShippingRate,
  type ShippingZone,
  zoneFor,
} from './zones.js';
