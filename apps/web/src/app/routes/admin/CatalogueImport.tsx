import { CatalogueImport as ImportScreen } from '../../../features/admin/catalogue-csv/CatalogueImport';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function CatalogueImport() {
  return (
    <AdminPage title="Dashboard - Import">
      <ImportScreen />
    </AdminPage>
  );
}
