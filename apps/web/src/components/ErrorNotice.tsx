import './ErrorNotice.css';

/** A failed load explained in place, with a way to try again, instead of an empty screen. */
export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-notice" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export const OFFLINE_MESSAGE = 'Could not reach the shop. Check your connection and try again.';
