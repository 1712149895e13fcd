import type { TaxSettingsResponse } from '@shop/contracts/tax';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FieldError, ProblemSummary } from '../../../components/FormProblems';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
import { useSubmit } from '../../../lib/use-form';
import { AdminList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { RemoveRowButton } from '../shared/RemoveRowButton';
import { useAdminQuery } from '../shared/use-admin-query';
import { taxQuery, taxWrite } from './api';
import { MAX_PERCENT, rateFieldOf, taxProblems } from './checks';
import { percentOf, rateOf } from './percent';
import './taxes.css';

export const TAX_TEXTS = {
  loadFailed: 'Something went wrong while fetching tax rates',
  saveFailed: 'Something went wrong while saving tax rates',
} as const;

interface RateRow {
  key: number;
  country: string;
  taxClass: string;
  percent: string;
}

let rowKeys = 0;
const rowOf = (country = '', taxClass = 'standard', percent = ''): RateRow => {
  rowKeys += 1;
  return { key: rowKeys, country, taxClass, percent };
};

/** Taxes: the rate of each class in each country, and the class shipping is taxed as. */
export function TaxRatesForm() {
  const tax = useAdminQuery(taxQuery, (err) => refusalOf(err) || TAX_TEXTS.loadFailed);
  return (
    <>
      <h1 className="page-title">Taxes</h1>
      <AdminList load={tax} items={tax.data ? [tax.data] : undefined}>
        {([saved]) => saved && <RatesEditor key={JSON.stringify(saved)} saved={saved} />}
      </AdminList>
    </>
  );
}

function RatesEditor({ saved }: { saved: TaxSettingsResponse }) {
  const [rows, setRows] = useState(() =>
    saved.rates.map((r) => rowOf(r.country, r.class, percentOf(r.rate))),
  );
  const [shippingClass, setShippingClass] = useState(saved.shippingClass);
  const classesId = useId();
  const classes = [...new Set([...saved.classes, ...rows.map((r) => r.taxClass.trim())])].filter(
    Boolean,
  );
  const change = (key: number, changes: Partial<RateRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  const problems = useProblems();
  const save = useSubmit(taxWrite(), {
    onSuccess: (answer) => toast.success(answer.message),
    onFailure: (err) => {
      problems.show(refusedProblems(err, rateFieldOf));
      return refusalOf(err) || TAX_TEXTS.saveFailed;
    },
  });
  const settings = {
    rates: rows.map((row) => ({
      country: row.country,
      class: row.taxClass,
      rate: rateOf(row.percent) as number,
    })),
    shippingClass,
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!problems.show(taxProblems(rows, shippingClass))) void save.run(settings);
  };
  /** A row's input: its id, and its problem beside it. */
  const cell = (index: number, field: 'country' | 'class' | 'percent') =>
    problems.control(`rates.${index}.${field}`);

  return (
    <form className="tax-form" onSubmit={submit} noValidate>
      <ProblemSummary problems={problems} />
      <table className="tax-rates">
        <caption>Rates by country and class</caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">Class</th>
            <th scope="col">Rate (%)</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key}>
              <td>
                <input
                  {...cell(index, 'country')}
                  className="form-control"
                  aria-label={`Country of rate ${index + 1}`}
                  placeholder="DE"
                  maxLength={2}
                  value={row.country}
                  onChange={(e) => change(row.key, { country: e.target.value })}
                />
                <FieldError problems={problems} field={`rates.${index}.country`} />
              </td>
              <td>
                <input
                  {...cell(index, 'class')}
                  className="form-control"
                  aria-label={`Class of rate ${index + 1}`}
                  list={classesId}
                  value={row.taxClass}
                  onChange={(e) => change(row.key, { taxClass: e.target.value })}
                />
                <FieldError problems={problems} field={`rates.${index}.class`} />
              </td>
              <td>
                <input
                  {...cell(index, 'percent')}
                  className="form-control"
                  aria-label={`Rate of rate ${index + 1} in percent`}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  max={MAX_PERCENT}
                  value={row.percent}
                  onChange={(e) => change(row.key, { percent: e.target.value })}
                />
                <FieldError problems={problems} field={`rates.${index}.percent`} />
              </td>
              <td>
                <RemoveRowButton
                  row={`rate ${index + 1}`}
                  onRemove={() => {
                    // Problems name rows by their place, which the removal changes.
                    problems.show([]);
                    setRows((all) => all.filter((r) => r.key !== row.key));
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <datalist id={classesId}>
        {classes.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => setRows((all) => [...all, rowOf()])}
      >
        Add rate
      </button>
      <div className="form-field tax-shipping-class">
        <label htmlFor={problems.idOf('shippingClass')}>Shipping is taxed as</label>
        <select
          {...problems.control('shippingClass')}
          className="form-control"
          value={shippingClass}
          onChange={(e) => setShippingClass(e.target.value)}
        >
          {classes.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <FieldError problems={problems} field="shippingClass" />
      </div>
      <p className="tax-note">
        Rates are in percent, from 0 to 100, with at most 2 decimals. A class is named by giving it
        a rate; a country without a rate for a class charges no tax on it.
      </p>
      <button type="submit" className="btn btn-primary" disabled={save.busy}>
        Save tax rates
      </button>
    </form>
  );
}
