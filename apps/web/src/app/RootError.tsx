import { useRouteError } from 'react-router-dom';
import { ChunkTimeoutError } from '../lib/lazy';
import './RootError.css';

/** A screen's chunk that could not arrive: the network, a timeout, or a deploy that replaced it. */
function isLoadFailure(error: unknown) {
  return (
    error instanceof ChunkTimeoutError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
        error.message,
      ))
  );
}

/** A failure explained, with a way to try again; never a blank screen. */
export function ErrorContent() {
  const error = useRouteError();
  console.error(error);
  const loadFailure = isLoadFailure(error);
  return (
    <div className="error-page" role="alert">
      <h1 className="page-title">
        {loadFailure ? 'This page could not be loaded' : 'Something went wrong'}
      </h1>
      <p>
        {loadFailure
          ? 'Check your connection and try again.'
          : 'An unexpected error stopped this page. Try again, or go back to the home page.'}
      </p>
      <div className="error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <a href="/" className="btn btn-outline">
          Home
        </a>
      </div>
    </div>
  );
}

/** The last boundary, for when the root or the layout itself fails: no header, the way out. */
export function RootError() {
  return (
    <main className="site-main">
      <ErrorContent />
    </main>
  );
}
