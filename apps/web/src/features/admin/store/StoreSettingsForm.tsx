import { countryCodes, countryName } from '@shop/contracts/country';
import { chargeableCurrencies } from '@shop/contracts/money';
import type { Store } from '@shop/contracts/store';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FormField } from '../../../components/FormField';
import { storeQuery } from '../../../lib/store-settings';
import { useSubmit } from '../../../lib/use-form';
import { AdminList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { storeWrite } from './api';
import './store.css';

export const STORE_TEXTS = {
  loadFailed: 'Something went wrong while fetching store settings',
  saveFailed: 'Something went wrong while saving store settings',
  // The API answers the settings it stored, without words of its own.
  saved: 'Store settings saved',
} as const;

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

/**
 * Store: the shop's name, currency, whether entered prices include tax, and its country. It
 * reads and writes the web's one copy of the settings (`['store']`), so once saved every price
 * on every screen is written in the new currency.
 */
export function StoreSettingsForm() {
  const store = useAdminQuery(storeQuery(), (err) => refusalOf(err) || STORE_TEXTS.loadFailed);
  return (
    <>
      <h1 className="page-title">Store</h1>
      <AdminList load={store} items={store.data ? [store.data] : undefined}>
        {([saved]) => saved && <SettingsEditor key={JSON.stringify(saved)} saved={saved} />}
      </AdminList>
    </>
  );
}

function SettingsEditor({ saved }: { saved: Store }) {
  const [settings, setSettings] = useState(saved);
  const set = (changes: Partial<Store>) => setSettings((all) => ({ ...all, ...changes }));
  const id = useId();

  const save = useSubmit(storeWrite(), {
    onSuccess: () => toast.success(STORE_TEXTS.saved),
    onFailure: (err) => refusalOf(err) || STORE_TEXTS.saveFailed,
  });

  return (
    <form className="store-form" onSubmit={save.form(settings).onSubmit}>
      <FormField
        label="Store name"
        value={settings.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <div className="form-field">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select
          id={`${id}-currency`}
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
      </div>
      <p className="form-field store-note">
        Prices are kept in the currency's smallest unit, so while the shop has products, orders or
        shipping rates the currency can change only to one with as many decimals (USD to EUR, not
        USD to JPY). Each order keeps the currency it was paid in.
      </p>
      <div className="form-field store-prices-include-tax">
        <input
          id={`${id}-tax`}
          type="checkbox"
          checked={settings.pricesIncludeTax}
          onChange={(e) => set({ pricesIncludeTax: e.target.checked })}
        />
        <label htmlFor={`${id}-tax`}>Entered prices include tax</label>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-country`}>Country</label>
        <select
          id={`${id}-country`}
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
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.busy}>
        Save store settings
      </button>
    </form>
  );
}
