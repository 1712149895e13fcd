import type { ReactNode } from 'react';

/** A button that shows and hides a panel (the phone menu, the filters): it says which, and whether it is open. */
export function ToggleButton({
  open,
  controls,
  className,
  onToggle,
  children,
}: {
  open: boolean;
  /** The id of the panel it shows and hides. */
  controls: string;
  className: string;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle(!open)}
    >
      {children}
    </button>
  );
}
