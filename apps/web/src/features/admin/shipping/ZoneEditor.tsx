import { FormField } from '../../../components/FormField';
import { FieldError } from '../../../components/FormProblems';
import type { Problems } from '../../../lib/form-problems';
import { type MethodDraft, newMethod, type ZoneDraft } from './draft';
import { MethodEditor } from './MethodEditor';

interface ZoneEditorProps {
  zone: ZoneDraft;
  /** Names the zone's group: "Zone 1". */
  label: string;
  problems: Problems;
  onChange: (zone: ZoneDraft) => void;
  onRemove: () => void;
}

/** One zone: its name, its countries (or the rest of the world), and its methods. */
export function ZoneEditor({ zone, label, problems, onChange, onRemove }: ZoneEditorProps) {
  const control = (field: string) => `zone${zone.key}.${field}`;
  const set = (changes: Partial<ZoneDraft>) => onChange({ ...zone, ...changes });
  const setMethod = (key: number, method: MethodDraft) =>
    set({ methods: zone.methods.map((m) => (m.key === key ? method : m)) });

  return (
    <fieldset className="shipping-zone" aria-label={label}>
      <legend>{zone.name || 'New zone'}</legend>
      <FormField
        label="Zone name"
        {...problems.field(control('name'))}
        value={zone.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <FormField
        label="Countries (two-letter codes, e.g. DE, FR)"
        {...problems.field(control('countries'))}
        value={zone.countries}
        onChange={(e) => set({ countries: e.target.value })}
      />
      <div className="form-field shipping-rest">
        <input
          {...problems.control(control('restOfWorld'))}
          type="checkbox"
          checked={zone.restOfWorld}
          onChange={(e) => set({ restOfWorld: e.target.checked })}
        />
        <label htmlFor={problems.idOf(control('restOfWorld'))}>
          Also every country no other zone lists (rest of the world)
        </label>
        <FieldError problems={problems} field={control('restOfWorld')} />
      </div>
      {zone.methods.map((method, index) => (
        <MethodEditor
          key={method.key}
          method={method}
          label={`Method ${index + 1} of ${label}`}
          problems={problems}
          onChange={(changed) => setMethod(method.key, changed)}
          onRemove={() => set({ methods: zone.methods.filter((m) => m.key !== method.key) })}
        />
      ))}
      <div className="shipping-zone-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => set({ methods: [...zone.methods, newMethod()] })}
        >
          Add method
        </button>
        <button type="button" className="btn btn-danger" onClick={onRemove}>
          Remove zone
        </button>
      </div>
    </fieldset>
  );
}
