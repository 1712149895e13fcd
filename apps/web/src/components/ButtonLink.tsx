import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A button of the spec that moves somewhere: a link underneath, so that it works in a page the
 * server rendered before (or without) any script, and a button to everyone else (its role, and
 * the Space key, which a link does not answer). `onClick` may take the move over, as Load More
 * does with the next page.
 */
export function ButtonLink({
  to,
  className,
  disabled = false,
  onClick,
  children,
}: {
  to: string;
  className: string;
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onClick && !disabled) return;
    event.preventDefault();
    if (!disabled) onClick?.();
  };
  const key = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    event.currentTarget.click();
  };
  return (
    <Link
      to={to}
      role="button"
      className={`${className}${disabled ? ' disabled' : ''}`}
      aria-disabled={disabled || undefined}
      onClick={click}
      onKeyDown={key}
    >
      {children}
    </Link>
  );
}
