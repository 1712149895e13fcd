import { type ShippingZone, shippingZonesProblems } from '@shop/contracts/shipping';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ProblemSummary } from '../../../components/FormProblems';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
import { useSubmit } from '../../../lib/use-form';
import { AdminList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminQuery } from '../shared/use-admin-query';
import { zonesQuery, zonesWrite } from './api';
import { draftOf, newZone, requestOf, shippingControlOf } from './draft';
import { ZoneEditor } from './ZoneEditor';
import './shipping.css';

export const SHIPPING_TEXTS = {
  loadFailed: 'Something went wrong while fetching shipping zones',
  saveFailed: 'Something went wrong while saving shipping zones',
} as const;

/**
 * Shipping: the zones (countries, or the rest of the world) and the methods each offers,
 * edited in place and saved together. They are checked as the API checks them before they go,
 * and what is wrong (or what the API still refuses) is shown beside its field, naming its zone
 * and method, and summed up at the top.
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
  const problems = useProblems();
  const controlOf = shippingControlOf(zones);

  const save = useSubmit(zonesWrite(), {
    onSuccess: (answer) => toast.success(answer.message),
    onFailure: (err) => {
      problems.show(refusedProblems(err, controlOf));
      return refusalOf(err) || SHIPPING_TEXTS.saveFailed;
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = requestOf(zones);
    const found = shippingZonesProblems(request).map(({ field, message }) => ({
      field: controlOf(field),
      message,
    }));
    if (!problems.show(found)) void save.run(request);
  };

  return (
    <form className="shipping-form" onSubmit={submit} noValidate>
      <ProblemSummary problems={problems} />
      {zones.length === 0 && <p>No shipping zones yet: shoppers are offered no way to ship.</p>}
      {zones.map((zone, index) => (
        <ZoneEditor
          key={zone.key}
          zone={zone}
          label={`Zone ${index + 1}`}
          problems={problems}
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
