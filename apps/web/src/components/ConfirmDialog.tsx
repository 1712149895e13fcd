import { Modal } from './Modal';

export const CONFIRM_WIDTH = 416;

interface ConfirmDialogProps {
  open: boolean;
  /** Shown as the dialog's title, as the confirm dialogs of the original shop do. */
  question: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs, both answers are disabled. */
  busy?: boolean;
}

/** A yes/no question with Cancel and OK; Escape and the backdrop answer Cancel. */
export function ConfirmDialog({ open, question, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      title={question}
      onClose={cancel}
      width={CONFIRM_WIDTH}
      role="alertdialog"
      closeButton={false}
    >
      <div className="confirm-actions">
        <button type="button" className="btn btn-outline" onClick={cancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          OK
        </button>
      </div>
    </Modal>
  );
}
