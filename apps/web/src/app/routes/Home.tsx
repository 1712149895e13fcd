import toast from 'react-hot-toast';
import { useCategories } from '../../features/categories';
import { HomeListing } from '../../features/products/components/HomeListing';

const categoriesFailed = () => toast.error('Something went wrong while fetching categories');

export default function Home() {
  const { categories, loading } = useCategories(categoriesFailed);
  return <HomeListing categories={categories} categoriesLoading={loading} />;
}
