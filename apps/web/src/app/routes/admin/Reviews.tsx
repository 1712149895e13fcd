import { ReviewsManager } from '../../../features/admin/reviews/ReviewsManager';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function Reviews() {
  return (
    <AdminPage title="Dashboard - Reviews">
      <ReviewsManager />
    </AdminPage>
  );
}
