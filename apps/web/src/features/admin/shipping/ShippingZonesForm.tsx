import type { ShippingZone } from '@shop/contracts/shipping';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSubmit } from '../../../lib/use-form';
import { AdminList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { zonesQuery, zonesWrite } from './api';
import { draftOf, newZone, requestOf } from './draft';
import { ZoneEditor } from './ZoneEditor';
import './shipping.css';

export const SHIPPING_TEXTS = {
  loadFailed: 'Something went wrong while fetching shipping zones',
  saveFailed: 'Something went wrong while saving shipping zones',
} as const;

/**
 * Shipping: the zones (countries, or the rest of the world) and the methods each offers,
 * edited in place and saved together; the server checks them and says what is wrong.
 */
export function ShippingZonesForm() {
  const zones = useAdminQuery(zonesQuery, (err) => refusalOf(err) || SHIPPING_TEXTS.loadFailed);
  return (
    <>
      <h1 className="page-title">Shipping</h1>
      <AdminList load={zones} items={zones.data?.zones}>
        {(saved) => <ZonesEditor key={JSON.stringify(saved)} saved={saved} />}
      </AdminList>
    </>
  );
}

function ZonesEditor({ saved }: { saved: ShippingZone[] }) {
  const [zones, setZones] = useState(() => draftOf(saved));

  const save = useSubmit(zonesWrite(), {
    onSuccess: (answer) => toast.success(answer.message),
    onFailure: (err) => refusalOf(err) || SHIPPING_TEXTS.saveFailed,
  });

  return (
    <form className="shipping-form" onSubmit={save.form(requestOf(zones)).onSubmit}>
      {zones.length === 0 && <p>No shipping zones yet: shoppers are offered no way to ship.</p>}
      {zones.map((zone, index) => (
        <ZoneEditor
          key={zone.key}
          zone={zone}
          label={`Zone ${index + 1}`}
          onChange={(changed) =>
            setZones((all) => all.map((z) => (z.key === zone.key ? changed : z)))
          }
          onRemove={() => setZones((all) => all.filter((z) => z.key !== zone.key))}
        />
      ))}
      <div className="shipping-form-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setZones((all) => [...all, newZone()])}
        >
          Add zone
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.busy}>
          Save shipping zones
        </button>
      </div>
    </form>
  );
}
