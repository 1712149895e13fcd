import { MAX_OPTIONS } from '@shop/contracts';
import { type KeyboardEvent, useId, useState } from 'react';
import { FormField } from '../../../../components/FormField';
import type { Problems } from '../../../../lib/form-problems';
import { newOptionId, type OptionDraft } from './grid';
import { VARIANTS_TEXTS } from './texts';

/** The values typed, added once each (in any case), after those the option has. */
function withValues(option: OptionDraft, typed: readonly string[]): OptionDraft {
  const values = [...option.values];
  for (const text of typed) {
    const value = text.trim();
    if (value && !values.some((v) => v.toLowerCase() === value.toLowerCase())) values.push(value);
  }
  return { ...option, values };
}

interface OptionFieldsProps {
  number: number;
  option: OptionDraft;
  problems: Problems;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
}

/** One option: its name, its values as chips, and a field adding values on Enter or comma. */
function OptionFields({ number, option, problems, onChange, onRemove }: OptionFieldsProps) {
  const [typing, setTyping] = useState('');
  const hintId = useId();
  const add = (typed: readonly string[]) => {
    const next = withValues(option, typed);
    if (next.values.length !== option.values.length) onChange(next);
  };
  const type = (text: string) => {
    const parts = text.split(',');
    const unfinished = parts.pop() ?? '';
    if (parts.length > 0) add(parts);
    setTyping(unfinished);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add([typing]);
    setTyping('');
  };

  return (
    <fieldset className="variant-option">
      <legend>Option {number}</legend>
      <FormField
        label={`Option ${number} name`}
        {...problems.field(`options.${number - 1}.name`)}
        placeholder="e.g. Size"
        value={option.name}
        onChange={(event) => onChange({ ...option, name: event.target.value })}
      />
      <FormField
        label={`Option ${number} values`}
        {...problems.field(`options.${number - 1}.values`)}
        placeholder="e.g. S, M, L"
        aria-describedby={hintId}
        value={typing}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add([typing]);
          setTyping('');
        }}
      />
      <p id={hintId} className="variant-hint">
        Press Enter or type a comma after each value.
      </p>
      {option.values.length > 0 && (
        <ul className="value-chips" aria-label={`Values of option ${number}`}>
          {option.values.map((value) => (
            <li key={value} className="value-chip">
              {value}
              <button
                type="button"
                className="value-chip-remove"
                aria-label={`Remove ${value} from option ${number}`}
                onClick={() =>
                  onChange({ ...option, values: option.values.filter((v) => v !== value) })
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-outline" onClick={onRemove}>
        Remove option {number}
      </button>
    </fieldset>
  );
}

/** The product's options (at most three), each with its values. */
export function OptionsFields({
  options,
  problems,
  onChange,
}: {
  options: OptionDraft[];
  problems: Problems;
  onChange: (options: OptionDraft[]) => void;
}) {
  const full = options.length >= MAX_OPTIONS;
  return (
    <div className="variant-options">
      {options.map((option, index) => (
        <OptionFields
          key={option.id}
          number={index + 1}
          option={option}
          problems={problems}
          onChange={(changed) => onChange(options.map((o) => (o.id === option.id ? changed : o)))}
          onRemove={() => onChange(options.filter((o) => o.id !== option.id))}
        />
      ))}
      <div className="variant-options-add">
        <button
          type="button"
          className="btn btn-outline"
          disabled={full}
          onClick={() => onChange([...options, { id: newOptionId(), name: '', values: [] }])}
        >
          Add option
        </button>
        {full && <span className="variant-hint">{VARIANTS_TEXTS.maxOptions}</span>}
      </div>
    </div>
  );
}
