import { ButtonLink } from './ButtonLink';
import './LoadMore.css';

/**
 * Spec §4's 'Load More' button, for every list a shopper pages through. Given `next` (the URL
 * of the list's next page, which the server renders), it is a link to it for a browser without
 * scripts; with them, it loads the next page into the list where it is.
 */
export function LoadMore({
  busy,
  next,
  onClick,
}: {
  busy: boolean;
  next?: string | undefined;
  onClick: () => void;
}) {
  const label = busy ? 'Loading...' : 'Load More';
  return (
    <div className="load-more">
      {next === undefined ? (
        <button type="button" className="btn btn-warning" disabled={busy} onClick={onClick}>
          {label}
        </button>
      ) : (
        <ButtonLink to={next} className="btn btn-warning" disabled={busy} onClick={onClick}>
          {label}
        </ButtonLink>
      )}
    </div>
  );
}
