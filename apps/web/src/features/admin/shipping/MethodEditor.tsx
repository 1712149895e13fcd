import { FormField } from '../../../components/FormField';
import { FieldError } from '../../../components/FormProblems';
import type { Problems } from '../../../lib/form-problems';
import { RemoveRowButton } from '../shared/RemoveRowButton';
import { type MethodDraft, newTier, type RateKind, type TierDraft } from './draft';

const KINDS: { kind: RateKind; label: string }[] = [
  { kind: 'flat', label: 'Flat price' },
  { kind: 'weight', label: 'By weight' },
  { kind: 'subtotal', label: 'By subtotal' },
  { kind: 'pickup', label: 'Pickup (free)' },
];

/** A tier's bound or price, as typed, with its problem under it. */
function TierInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problems: Problems;
  field: string;
}) {
  return (
    <>
      <input
        {...props.problems.control(props.field)}
        className="form-control"
        type="number"
        min="0"
        step="any"
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError problems={props.problems} field={props.field} />
    </>
  );
}

interface MethodEditorProps {
  method: MethodDraft;
  /** Names the method's group: "Method 2 of Europe". */
  label: string;
  problems: Problems;
  onChange: (method: MethodDraft) => void;
  onRemove: () => void;
}

/** One way to ship: its name, how it is priced (a price, tiers, or nothing), free over, days. */
export function MethodEditor({ method, label, problems, onChange, onRemove }: MethodEditorProps) {
  const control = (field: string) => `method${method.key}.${field}`;
  const set = (changes: Partial<MethodDraft>) => onChange({ ...method, ...changes });
  const setTier = (key: number, changes: Partial<TierDraft>) =>
    set({ tiers: method.tiers.map((t) => (t.key === key ? { ...t, ...changes } : t)) });
  const byWeight = method.kind === 'weight';

  return (
    <fieldset className="shipping-method" aria-label={label}>
      <legend>{method.name || 'New method'}</legend>
      <FormField
        label="Method name"
        {...problems.field(control('name'))}
        value={method.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <div className="form-field">
        <label>
          Priced
          <select
            {...problems.control(control('kind'))}
            className="form-control"
            value={method.kind}
            onChange={(e) => set({ kind: e.target.value as RateKind })}
          >
            {KINDS.map(({ kind, label: text }) => (
              <option key={kind} value={kind}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <FieldError problems={problems} field={control('kind')} />
      </div>
      {method.kind === 'flat' && (
        <FormField
          label="Price"
          {...problems.field(control('price'))}
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          value={method.price}
          onChange={(e) => set({ price: e.target.value })}
        />
      )}
      {(byWeight || method.kind === 'subtotal') && (
        <table className="shipping-tiers">
          <caption>
            The first tier whose bound the cart's {byWeight ? 'weight' : 'subtotal'} does not pass;
            past the last one, the method is not offered.
          </caption>
          <thead>
            <tr>
              <th scope="col">{byWeight ? 'Up to (grams)' : 'Subtotal up to'}</th>
              <th scope="col">Price</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {method.tiers.map((tier, index) => (
              <tr key={tier.key}>
                <td>
                  <TierInput
                    label={`Bound of tier ${index + 1}`}
                    problems={problems}
                    field={`tier${tier.key}.bound`}
                    value={tier.bound}
                    onChange={(bound) => setTier(tier.key, { bound })}
                  />
                </td>
                <td>
                  <TierInput
                    label={`Price of tier ${index + 1}`}
                    problems={problems}
                    field={`tier${tier.key}.price`}
                    value={tier.price}
                    onChange={(price) => setTier(tier.key, { price })}
                  />
                </td>
                <td>
                  <RemoveRowButton
                    row={`tier ${index + 1}`}
                    onRemove={() => set({ tiers: method.tiers.filter((t) => t.key !== tier.key) })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(byWeight || method.kind === 'subtotal') && (
        <>
          <button
            {...problems.control(control('tiers'))}
            type="button"
            className="btn btn-secondary"
            onClick={() => set({ tiers: [...method.tiers, newTier()] })}
          >
            Add tier
          </button>
          <FieldError problems={problems} field={control('tiers')} />
        </>
      )}
      {method.kind !== 'pickup' && (
        <FormField
          label="Free over (empty: never)"
          {...problems.field(control('freeOver'))}
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          value={method.freeOver}
          onChange={(e) => set({ freeOver: e.target.value })}
        />
      )}
      <div className="shipping-days">
        <FormField
          label="Days at least"
          {...problems.field(control('minDays'))}
          type="number"
          inputMode="numeric"
          min="0"
          value={method.minDays}
          onChange={(e) => set({ minDays: e.target.value })}
        />
        <FormField
          label="Days at most"
          {...problems.field(control('maxDays'))}
          type="number"
          inputMode="numeric"
          min="0"
          value={method.maxDays}
          onChange={(e) => set({ maxDays: e.target.value })}
        />
      </div>
      <button type="button" className="btn btn-danger" onClick={onRemove}>
        Remove method
      </button>
    </fieldset>
  );
}
