import { AllCategories } from '../../features/categories/components/AllCategories';

export default function Categories() {
  return <AllCategories />;
}
