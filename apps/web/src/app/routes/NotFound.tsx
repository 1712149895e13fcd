import { Link } from 'react-router-dom';
import { Layout } from '../../components/layout/Layout';
import './NotFound.css';

export default function NotFound() {
  return (
    <Layout title="Go back - page not found" description="This page does not exist">
      <div className="not-found">
        <h1 className="not-found-title">404</h1>
        <h2 className="not-found-heading">Oops! page Not Found</h2>
        <Link to="/" className="btn btn-outline">
          Go back
        </Link>
      </div>
    </Layout>
  );
}
