import { Link } from 'react-router-dom';
import { CartIcon } from '../components/CartIcon';
import '../components/layout/Header.css';
import '../components/layout/Layout.css';
import '../components/Spinner.css';

/** What shows while a screen's chunk is on its way: the header bar's shape and a spinner. */
export function PageSkeleton() {
  return (
    <>
      <header className="site-header">
        <div className="navbar">
          <Link to="/" className="brand">
            <CartIcon />
            Ecommerce App
          </Link>
        </div>
      </header>
      <main className="site-main">
        <div className="spinner" role="status">
          <span className="spinner-ring" aria-hidden="true" />
          <span>Loading page...</span>
        </div>
      </main>
    </>
  );
}
