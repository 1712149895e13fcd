import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './Modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export const MODAL_WIDTH = 520;

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** `alertdialog` for a question that interrupts (the confirm dialog). */
  role?: 'dialog' | 'alertdialog';
  /** The confirm dialog answers through its own buttons and shows no close button. */
  closeButton?: boolean;
}

/**
 * An accessible modal without a footer: focus moves into it and stays there, Escape or the
 * backdrop closes it, and focus returns to whatever opened it.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  width = MODAL_WIDTH,
  role = 'dialog',
  closeButton = true,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        keepFocusInside(event, panelRef.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const body = panel?.querySelector<HTMLElement>('.modal-body');
    (body?.querySelector<HTMLElement>(FOCUSABLE) ?? panel)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div className="modal-backdrop">
      <button
        type="button"
        className="modal-backdrop-button"
        aria-hidden="true"
        tabIndex={-1}
        onClick={onClose}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both take aria-modal; the rule cannot read a role from a prop. */}
      <div
        ref={panelRef}
        className="modal-panel"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width, maxWidth: 'calc(100vw - 2rem)' }}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {closeButton && (
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(event: KeyboardEvent, panel: HTMLElement | null) {
  const focusable = panel ? [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
