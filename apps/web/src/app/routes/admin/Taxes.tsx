import { AdminPage } from '../../../features/admin/shared/AdminPage';
import { TaxRatesForm } from '../../../features/admin/taxes/TaxRatesForm';

export default function Taxes() {
  return (
    <AdminPage title="Dashboard - Taxes">
      <TaxRatesForm />
    </AdminPage>
  );
}
