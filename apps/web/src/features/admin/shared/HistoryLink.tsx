import { Link } from 'react-router-dom';
import { ADMIN_PATHS } from './AdminMenu';
import { roleMayOpen, useStaffRole } from './staff-role';

/**
 * A link to the audit log filtered on one target (a product, an order): who changed it, when,
 * from what. For owners, who alone may read the log; no one else is offered it.
 */
export function HistoryLink({ targetId }: { targetId: string }) {
  if (!roleMayOpen(useStaffRole(), [])) return null;
  return (
    <p className="history-link">
      <Link to={ADMIN_PATHS.history(targetId)}>History</Link>
    </p>
  );
}
