import { useParams } from 'react-router-dom';
import { UpdateProductPanel } from '../../../features/admin/products/UpdateProductPanel';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function UpdateProduct() {
  const { slug = '' } = useParams();
  return (
    <AdminPage title="Dashboard - Update Product">
      <UpdateProductPanel key={slug} slug={slug} />
    </AdminPage>
  );
}
