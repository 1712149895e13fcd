import { DiscountManager } from '../../../features/admin/discounts/DiscountManager';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function Discounts() {
  return (
    <AdminPage title="Dashboard - Discounts">
      <DiscountManager />
    </AdminPage>
  );
}
