import type { StatusCount } from '@shop/contracts/dashboard';

/** Paid orders per status, all time (the labels as the orders screen shows them). */
export function StatusCounts({ counts }: { counts: readonly StatusCount[] }) {
  return (
    <section className="dashboard-panel" aria-labelledby="status-counts-title">
      <h2 id="status-counts-title">Orders by status</h2>
      <dl className="status-counts">
        {counts.map(({ status, count }) => (
          <div key={status}>
            <dt>{status}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
