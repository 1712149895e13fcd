import { useParams } from 'react-router-dom';
import { CategoryListing } from '../../features/products/components/CategoryListing';

export default function CategoryProducts() {
  const { slug = '' } = useParams();
  return <CategoryListing slug={slug} />;
}
