import './LoadMore.css';

/** Spec §4's 'Load More' button, for every list a shopper pages through. */
export function LoadMore({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <div className="load-more">
      <button type="button" className="btn btn-warning" disabled={busy} onClick={onClick}>
        {busy ? 'Loading...' : 'Load More'}
      </button>
    </div>
  );
}
