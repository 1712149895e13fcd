import { Link } from 'react-router-dom';

/** What shows while a screen's chunk is on its way: the header bar's shape and a spinner. */
export function PageSkeleton() {
  return (
    <>
      <header className="site-header">
        <div className="navbar">
          <Link to="/" className="brand">
            <span aria-hidden="true">🛒 </span>Ecommerce App
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
