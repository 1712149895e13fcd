import { useParams } from 'react-router-dom';
import { AdminPage } from '../../../features/admin/components/AdminPage';
import { UpdateProductPanel } from '../../../features/admin/components/UpdateProductPanel';

export default function UpdateProduct() {
  const { slug = '' } = useParams();
  return (
    <AdminPage title="Dashboard - Update Product">
      <UpdateProductPanel key={slug} slug={slug} />
    </AdminPage>
  );
}
