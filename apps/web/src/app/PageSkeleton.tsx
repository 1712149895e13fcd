import { CartIcon } from '../components/CartIcon';
import '../components/layout/Header.css';
import '../components/layout/Layout.css';
import '../components/Spinner.css';

/**
 * What shows while a screen's chunk is on its way: the header bar's shape and a spinner. The
 * store's name comes with the screen (its root route reads it), so the bar shows the mark alone.
 */
export function PageSkeleton() {
  return (
    <>
      <header className="site-header">
        <div className="navbar">
          <span className="brand">
            <CartIcon />
          </span>
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
