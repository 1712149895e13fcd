import { AdminPage } from '../../../features/admin/shared/AdminPage';
import { ShippingZonesForm } from '../../../features/admin/shipping/ShippingZonesForm';

export default function Shipping() {
  return (
    <AdminPage title="Dashboard - Shipping">
      <ShippingZonesForm />
    </AdminPage>
  );
}
