import { Link } from 'react-router-dom';
import { Dropdown } from '../../../components/Dropdown';
import { useCategories } from '../hooks/use-category-list';

/** The header's Categories dropdown. Spec §8: the navigation only logs a failed category load. */
export function CategoryMenu() {
  const { categories, loading } = useCategories();
  return (
    <Dropdown label="Categories">
      {loading && <li className="dropdown-note">Loading...</li>}
      {!loading && categories.length === 0 && <li className="dropdown-note">No categories</li>}
      {categories.map((category) => (
        <li key={category._id}>
          <Link className="dropdown-item" to={`/category/${category.slug}`}>
            {category.name}
          </Link>
        </li>
      ))}
    </Dropdown>
  );
}
