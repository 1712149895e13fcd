import { AUDIT_TARGET_TYPES, auditTargetTypeSchema } from '@shop/contracts/audit';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { PRIVATE_READ } from '../../../lib/query';
import { csvNameOfToday, saveCsv } from '../../../lib/save-csv';
import { useSubmit } from '../../../lib/use-form';
import { adminStaffQueries } from '../staff/api';
import { type AuditFilter, fetchAuditCsv } from './api';

export const AUDIT_FILTER_TEXTS = {
  csvFailed: 'Failed to export the audit log',
  csvReady: 'Audit log exported',
} as const;

/**
 * The audit log's filters: who (a staff account of the first page of Staff, or the one the URL
 * names), what kind of thing, which one (its id: a product's or an order's History link fills
 * it), and from and to which day, applied together on Apply; and the CSV download of every entry
 * they select.
 */
export function AuditFilters({
  filter,
  onChange,
}: {
  filter: AuditFilter;
  onChange: (filter: AuditFilter) => void;
}) {
  const [draft, setDraft] = useState(filter);
  useEffect(() => setDraft(filter), [filter]);
  const staff = useQuery({ ...adminStaffQueries.list(1), ...PRIVATE_READ });
  const accounts = staff.data?.items ?? [];
  const named = accounts.some((account) => account._id === draft.actor);

  // A read the owner starts, not a write: it changes nothing another read holds.
  const exportCsv = useSubmit(
    { mutationFn: fetchAuditCsv },
    {
      onSuccess: (csv) => {
        saveCsv(csv, csvNameOfToday('audit'));
        toast.success(AUDIT_FILTER_TEXTS.csvReady);
      },
      onFailure: (err) => {
        console.error(err);
        return AUDIT_FILTER_TEXTS.csvFailed;
      },
    },
  );

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...draft, target: draft.target.trim() });
  };

  return (
    <form className="audit-filters" aria-label="Audit log filters" onSubmit={apply}>
      <label>
        <span>Who</span>
        <select
          className="form-control"
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        >
          <option value="">Anyone</option>
          {accounts.map((account) => (
            <option key={account._id} value={account._id}>
              {account.name} ({account.staffRole})
            </option>
          ))}
          {draft.actor !== '' && !named && <option value={draft.actor}>{draft.actor}</option>}
        </select>
      </label>
      <label>
        <span>Type</span>
        <select
          className="form-control"
          value={draft.type}
          onChange={(event) => {
            const type = auditTargetTypeSchema.safeParse(event.target.value);
            setDraft({ ...draft, type: type.success ? type.data : '' });
          }}
        >
          <option value="">Every type</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Target id</span>
        <input
          className="form-control"
          value={draft.target}
          maxLength={100}
          onChange={(event) => setDraft({ ...draft, target: event.target.value })}
        />
      </label>
      <label>
        <span>From</span>
        <input
          className="form-control"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </label>
      <label>
        <span>To</span>
        <input
          className="form-control"
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </label>
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
      <button
        type="button"
        className="btn btn-outline"
        disabled={exportCsv.busy}
        onClick={() => void exportCsv.run(filter)}
      >
        {exportCsv.busy ? 'Exporting...' : 'Export CSV'}
      </button>
    </form>
  );
}
