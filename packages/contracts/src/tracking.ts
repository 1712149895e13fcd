import { orderStatusSchema } from './order.js';
import { z } from './zod.js';

/**
 * A shipment's carrier and tracking number, as an admin marks an order Shipped, and the link a
 * buyer follows to track it. A subpath of its own (`@shop/contracts/tracking`): only the API and
 * the admin's screens read it, so the storefront's cart and checkout never carry it.
 */

export const CARRIER_MAX = 40;
export const TRACKING_NUMBER_MAX = 60;

/** Empty (or only spaces) means none was given: a form's empty field. */
export const carrierSchema = z
  .string({ error: 'carrier must be a text' })
  .trim()
  .max(CARRIER_MAX, `Carrier must be at most ${CARRIER_MAX} characters`)
  .transform((carrier) => (carrier === '' ? undefined : carrier));

export const trackingNumberSchema = z
  .string({ error: 'trackingNumber must be a text' })
  .trim()
  .regex(
    new RegExp(`^[A-Za-z0-9 -]{1,${TRACKING_NUMBER_MAX}}$`),
    `Tracking number must be 1 to ${TRACKING_NUMBER_MAX} letters, digits, spaces or dashes`,
  );

/** The carriers whose tracking page a number links to; `{n}` stands for the number. */
export const KNOWN_CARRIERS = [
  { name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}' },
  { name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  {
    name: 'DHL',
    url: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  },
  { name: 'Royal Mail', url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}' },
  { name: 'Parcelforce', url: 'https://www.parcelforce.com/track-trace?trackNumber={n}' },
  {
    name: 'Canada Post',
    url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  },
] as const;

/** `Royal Mail`, `royal-mail` and `ROYALMAIL` name one carrier. */
const carrierKey = (carrier: string) => carrier.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The page tracking `trackingNumber` at `carrier`, or undefined when the carrier is not one we
 * know (the number is then shown without a link). Carriers print numbers in groups; their
 * pages take them without the spaces.
 */
export function trackingUrlOf(carrier: string | undefined, trackingNumber: string | undefined) {
  if (!carrier || !trackingNumber) return undefined;
  const known = KNOWN_CARRIERS.find(({ name }) => carrierKey(name) === carrierKey(carrier));
  return known?.url.replace('{n}', encodeURIComponent(trackingNumber.replace(/\s+/g, '')));
}

/** A status, and for `Shipped` optionally the shipment's carrier and tracking number. */
export const orderStatusRequestSchema = z
  .object({
    status: orderStatusSchema,
    carrier: carrierSchema.optional(),
    trackingNumber: trackingNumberSchema.optional(),
  })
  .refine(
    ({ status, carrier, trackingNumber }) =>
      status === 'Shipped' || (carrier === undefined && trackingNumber === undefined),
    { error: 'A carrier and tracking number go only with the Shipped status' },
  );
export type OrderStatusRequest = z.input<typeof orderStatusRequestSchema>;
