import { FieldError } from '../../../components/FormProblems';
import type { Problems } from '../../../lib/form-problems';

/**
 * The products or categories a discount is limited to, as a list of check boxes (none checked:
 * the whole cart). Ids chosen that the list does not show (a product beyond the newest page)
 * are kept and counted.
 */
export function TargetPicker({
  legend,
  options,
  chosen,
  onChange,
  problems,
  field,
  failed,
}: {
  legend: string;
  /** Undefined until they are read. */
  options: { _id: string; name: string }[] | undefined;
  /** Reading them failed: the chosen ones are kept, none can be added. */
  failed: boolean;
  chosen: string[];
  onChange: (chosen: string[]) => void;
  problems: Problems;
  /** Its key among the form's problems. */
  field: string;
}) {
  const invalid = problems.messageOf(field) !== undefined;
  const shown = new Set(options?.map((option) => option._id));
  const hidden = chosen.filter((chosenId) => !shown.has(chosenId)).length;
  const toggle = (optionId: string, on: boolean) =>
    onChange(on ? [...chosen, optionId] : chosen.filter((other) => other !== optionId));
  return (
    <fieldset
      id={problems.idOf(field)}
      className="discount-targets"
      tabIndex={invalid ? -1 : undefined}
      aria-describedby={invalid ? problems.messageIdOf(field) : undefined}
    >
      <legend>{legend}</legend>
      {options === undefined && (
        <p className="muted">{failed ? 'Could not be read' : 'Loading...'}</p>
      )}
      {options?.length === 0 && <p className="muted">None yet</p>}
      <div className="discount-target-list">
        {options?.map((option) => (
          <label key={option._id}>
            <input
              type="checkbox"
              checked={chosen.includes(option._id)}
              onChange={(event) => toggle(option._id, event.target.checked)}
            />
            {option.name}
          </label>
        ))}
      </div>
      {options !== undefined && hidden > 0 && <p className="muted">{hidden} more chosen</p>}
      <FieldError problems={problems} field={field} />
    </fieldset>
  );
}
