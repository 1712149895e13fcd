/** The Remove button of one row of an editable table, named for the row it removes. */
export function RemoveRowButton({ row, onRemove }: { row: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-danger"
      aria-label={`Remove ${row}`}
      onClick={onRemove}
    >
      Remove
    </button>
  );
}
