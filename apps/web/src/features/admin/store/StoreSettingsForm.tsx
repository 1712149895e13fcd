import { countryCodes, countryName } from '@shop/contracts/country';
import { chargeableCurrencies } from '@shop/contracts/money';
import { RETURN_WINDOW_DAYS_MAX, type StoreAdmin, storeUpdateSchema } from '@shop/contracts/store';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { FormField } from '../../../components/FormField';
import { FieldError, ProblemSummary } from '../../../components/FormProblems';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
import { useSubmit } from '../../../lib/use-form';
import { AdminList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { storeAdminQuery, storeWrite } from './api';
import './store.css';

export const STORE_TEXTS = {
  loadFailed: 'Something went wrong while fetching store settings',
  saveFailed: 'Something went wrong while saving store settings',
  // The API answers the settings it stored, without words of its own.
  saved: 'Store settings saved',
} as const;

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

/**
 * Store: the shop's name, currency, whether entered prices include tax, its country, for how
 * many days after an order its buyer may ask to return some of it, the largest refund a support
 * account may give at once, and whether staff must use two-factor sign-in. Once saved, the web's
 * one copy of the public settings (`['store']`) is the answer, so every price on every screen is
 * written in the new currency.
 */
export function StoreSettingsForm() {
  const store = useAdminQuery(storeAdminQuery, (err) => refusalOf(err) || STORE_TEXTS.loadFailed);
  return (
    <>
      <h1 className="page-title">Store</h1>
      <AdminList load={store} items={store.data ? [store.data] : undefined}>
        {([saved]) => saved && <SettingsEditor key={JSON.stringify(saved)} saved={saved} />}
      </AdminList>
    </>
  );
}

function SettingsEditor({ saved }: { saved: StoreAdmin }) {
  const [settings, setSettings] = useState(saved);
  const set = (changes: Partial<StoreAdmin>) => setSettings((all) => ({ ...all, ...changes }));
  const problems = useProblems();

  const save = useSubmit(storeWrite(), {
    onSuccess: () => toast.success(STORE_TEXTS.saved),
    onFailure: (err) => {
      problems.show(refusedProblems(err));
      return refusalOf(err) || STORE_TEXTS.saveFailed;
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = storeUpdateSchema.safeParse(settings);
    const found = checked.success
      ? []
      : checked.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? ''),
          message: issue.message,
        }));
    if (!problems.show(found)) void save.run(settings);
  };

  const twoFactorControl = problems.control('staffTwoFactorRequired');

  return (
    <form className="store-form" onSubmit={submit} noValidate>
      <ProblemSummary problems={problems} />
      <FormField
        label="Store name"
        {...problems.field('name')}
        value={settings.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <div className="form-field">
        <label htmlFor={problems.idOf('currency')}>Currency</label>
        <select
          {...problems.control('currency')}
          className="form-control"
          value={settings.currency}
          onChange={(e) => set({ currency: e.target.value })}
        >
          {chargeableCurrencies().map((code) => (
            <option key={code} value={code}>
              {`${code.toUpperCase()} – ${currencyNames.of(code.toUpperCase())}`}
            </option>
          ))}
        </select>
        <FieldError problems={problems} field="currency" />
      </div>
      <p className="form-field store-note">
        Prices are kept in the currency's smallest unit, so while the shop has products, orders or
        shipping rates the currency can change only to one with as many decimals (USD to EUR, not
        USD to JPY). Each order keeps the currency it was paid in.
      </p>
      <div className="form-field store-prices-include-tax">
        <input
          {...problems.control('pricesIncludeTax')}
          type="checkbox"
          checked={settings.pricesIncludeTax}
          onChange={(e) => set({ pricesIncludeTax: e.target.checked })}
        />
        <label htmlFor={problems.idOf('pricesIncludeTax')}>Entered prices include tax</label>
        <FieldError problems={problems} field="pricesIncludeTax" />
      </div>
      <div className="form-field">
        <label htmlFor={problems.idOf('country')}>Country</label>
        <select
          {...problems.control('country')}
          className="form-control"
          value={settings.country}
          onChange={(e) => set({ country: e.target.value })}
        >
          {countryCodes().map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
        <FieldError problems={problems} field="country" />
      </div>
      <FormField
        label="Return window (days)"
        {...problems.field('returnWindowDays')}
        type="number"
        inputMode="numeric"
        min={0}
        max={RETURN_WINDOW_DAYS_MAX}
        value={Number.isNaN(settings.returnWindowDays) ? '' : settings.returnWindowDays}
        // Empty is no number: the contract says so rather than sending 0.
        onChange={(e) =>
          set({ returnWindowDays: e.target.value === '' ? Number.NaN : Number(e.target.value) })
        }
      />
      <FormField
        label={`Largest refund support may give (${settings.currency.toUpperCase()})`}
        {...problems.field('supportRefundLimit')}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        aria-describedby="support-refund-limit-note"
        value={Number.isNaN(settings.supportRefundLimit) ? '' : settings.supportRefundLimit}
        onChange={(e) =>
          set({ supportRefundLimit: e.target.value === '' ? Number.NaN : Number(e.target.value) })
        }
      />
      <p id="support-refund-limit-note" className="form-field store-note">
        A support account may refund up to this much at once (0: none); larger refunds need an
        owner.
      </p>
      <div className="form-field store-staff-two-factor">
        <input
          {...twoFactorControl}
          aria-describedby={[twoFactorControl['aria-describedby'], 'staff-two-factor-note']
            .filter(Boolean)
            .join(' ')}
          type="checkbox"
          checked={settings.staffTwoFactorRequired}
          onChange={(e) => set({ staffTwoFactorRequired: e.target.checked })}
        />
        <label htmlFor={problems.idOf('staffTwoFactorRequired')}>
          Staff must use two-factor sign-in
        </label>
        <FieldError problems={problems} field="staffTwoFactorRequired" />
      </div>
      <p id="staff-two-factor-note" className="form-field store-note">
        Each staff account without it is asked to set it up at its next sign-in, before it can do
        anything else.
      </p>
      <button type="submit" className="btn btn-primary" disabled={save.busy}>
        Save store settings
      </button>
    </form>
  );
}
