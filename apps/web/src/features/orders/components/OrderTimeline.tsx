import type { OrderTimelineEntry } from '@shop/contracts';

const whatHappened = ({ event, status }: OrderTimelineEntry) =>
  event === 'placed' ? 'Placed' : event === 'cancelled' ? 'Cancelled' : `Status set to ${status}`;

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
