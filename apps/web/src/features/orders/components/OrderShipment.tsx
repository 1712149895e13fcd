import type { Order } from '@shop/contracts';

/**
 * How the order travels, once an admin marked it Shipped with a carrier or a tracking number:
 * the number links to the carrier's tracking page when the API knows that page.
 */
export function OrderShipment({
  order: { carrier, trackingNumber, trackingUrl },
}: {
  order: Pick<Order, 'carrier' | 'trackingNumber' | 'trackingUrl'>;
}) {
  if (!carrier && !trackingNumber) return null;
  return (
    <section aria-labelledby="order-shipment">
      <h2 id="order-shipment">Shipment</h2>
      <dl className="order-facts">
        {carrier && (
          <div>
            <dt>Carrier</dt>
            <dd>{carrier}</dd>
          </div>
        )}
        {trackingNumber && (
          <div>
            <dt>Tracking number</dt>
            <dd>
              {trackingUrl ? (
                <a href={trackingUrl} rel="noreferrer">
                  {trackingNumber}
                </a>
              ) : (
                trackingNumber
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
