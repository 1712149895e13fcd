import type { OrderTimelineEntry } from '@shop/contracts';

/** `UPS, 1Z 999` of a change to Shipped that told of its shipment. */
const shipmentOf = ({ carrier, trackingNumber }: OrderTimelineEntry) =>
  [carrier, trackingNumber].filter(Boolean).join(', ');

const whatHappened = (entry: OrderTimelineEntry) => {
  if (entry.event === 'placed') return 'Placed';
  if (entry.event === 'cancelled') return 'Cancelled';
  if (entry.event === 'return') return `Return ${entry.returnStatus ?? ''}`.trim();
  const shipment = shipmentOf(entry);
  return `Status set to ${entry.status}${shipment ? ` (${shipment})` : ''}`;
};

const who = ({ by }: OrderTimelineEntry) =>
  `${by.name || 'Deleted user'} (${by.role === 'admin' ? 'admin' : 'buyer'})`;

/** Every change of an order, oldest first: what, when and who. */
export function OrderTimeline({ entries }: { entries: readonly OrderTimelineEntry[] }) {
  return (
    <ol className="order-timeline" aria-label="Order history">
      {entries.map((entry) => (
        <li key={`${entry.event}-${entry.status}-${entry.at}`}>
          <span className="order-timeline-what">{whatHappened(entry)}</span>{' '}
          <span className="muted">
            by {who(entry)}, <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
