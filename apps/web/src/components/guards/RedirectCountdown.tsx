import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import '../Spinner.css';
import './RedirectCountdown.css';

/** Spec §9: 5 seconds, one tick a second. */
const REDIRECT_SECONDS = 5;

/** Counts down, then leaves for `to`, carrying the current path so login can come back. */
export function RedirectCountdown({ to }: { to: string }) {
  const [count, setCount] = useState(REDIRECT_SECONDS);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (count <= 0) {
      navigate(to, { state: pathname, replace: true });
      return;
    }
    const timer = setTimeout(() => setCount(count - 1), 1000);
    return () => clearTimeout(timer);
  }, [count, navigate, to, pathname]);

  return (
    <div className="redirect-countdown" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <h1>{`redirecting to you in ${Math.max(count, 0)} second`}</h1>
    </div>
  );
}
