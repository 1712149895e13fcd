import { AdminPage } from '../../../features/admin/shared/AdminPage';
import { StoreSettingsForm } from '../../../features/admin/store/StoreSettingsForm';

export default function Store() {
  return (
    <AdminPage title="Dashboard - Store">
      <StoreSettingsForm />
    </AdminPage>
  );
}
