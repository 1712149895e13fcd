import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Layout } from '../../../components/layout/Layout';
import { Spinner } from '../../../components/Spinner';
import { useCategories } from '../hooks/use-category-list';
import './AllCategories.css';

const categoriesFailed = () => toast.error('Something went wrong while fetching categories');

/** All Categories: a link to each category's page. */
export function AllCategories() {
  const { categories, loading, failed } = useCategories(categoriesFailed);
  return (
    <Layout title="All Categories" description="Every category of the shop">
      <div className="page">
        <h1 className="page-title">All Categories</h1>
        {loading && <Spinner />}
        {!loading && !failed && categories.length === 0 && (
          <p className="empty">No categories yet</p>
        )}
        <div className="category-links">
          {categories.map((category) => (
            <Link key={category._id} className="btn btn-primary" to={`/category/${category.slug}`}>
              {category.name}
            </Link>
          ))}
        </div>
      </div>
    </Layout>
  );
}
