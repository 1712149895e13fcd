import type { ImportJob } from '@shop/contracts/catalogue-csv';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { isCancelled } from '../../../lib/api-client';
import { csvNameOfToday, saveCsv } from '../../../lib/save-csv';
import { useSubmit } from '../../../lib/use-form';
import { refusalOf } from '../shared/outcome';
import { catalogueImportWrite, fetchCatalogueCsv } from './api';
import { ImportProgress, ImportReport } from './ImportReport';
import './catalogue-csv.css';

export const IMPORT_TEXTS = {
  exported: 'Catalogue exported',
  exportFailed: 'Failed to export the catalogue',
  imported: 'Catalogue imported',
  failed: 'Something went wrong while importing',
  chooseFirst: 'Choose a CSV file, then check it with a dry run before you apply it.',
  applyAfterDryRun: 'Apply is offered once a dry run of this file has ended.',
  applyReady: 'Apply imports this file for real: what its dry run listed.',
} as const;

function ExportButton() {
  // A read the admin starts, not a write: it changes nothing another read holds.
  const exportCsv = useSubmit(
    { mutationFn: fetchCatalogueCsv },
    {
      onSuccess: (csv) => {
        saveCsv(csv, csvNameOfToday('catalogue'));
        toast.success(IMPORT_TEXTS.exported);
      },
      onFailure: (err) => {
        console.error(err);
        return refusalOf(err) || IMPORT_TEXTS.exportFailed;
      },
    },
  );
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={exportCsv.busy}
      onClick={() => void exportCsv.run()}
    >
      {exportCsv.busy ? 'Exporting...' : 'Export CSV'}
    </button>
  );
}

/**
 * Catalogue → Import: the catalogue exported as CSV, and a CSV imported. A chosen file is first
 * run dry (what it would change, which rows are wrong), then applied; Apply is offered only after
 * a dry run of that same file ended. Each run's job is followed on a progress bar until its report.
 */
export function CatalogueImport() {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<File | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  // The job followed now, let go when the screen goes away: it runs on, unwatched.
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);
  const importRun = useSubmit(catalogueImportWrite(setJob), {
    onSuccess: (_job, { file: sent, dryRun }) => {
      if (dryRun) {
        setChecked(sent);
        return;
      }
      // Applied: applying it again asks for a new dry run, which would show what it does now.
      setChecked(null);
      toast.success(IMPORT_TEXTS.imported);
    },
    onFailure: (err) => (isCancelled(err) ? undefined : refusalOf(err) || IMPORT_TEXTS.failed),
  });
  const run = (dryRun: boolean) => {
    if (!file) return;
    setJob(null);
    following.current = new AbortController();
    void importRun.run({ file, dryRun, signal: following.current.signal });
  };

  return (
    <>
      <h1 className="page-title">Import</h1>
      <section className="card-panel import-panel" aria-label="Catalogue import">
        <p className="muted">
          One CSV both ways: export the catalogue, edit it in a spreadsheet, import it. Rows match
          by SKU; only the columns in the file change.
        </p>
        <div className="import-actions">
          <div className="form-field import-file">
            <label htmlFor="import-file">CSV file</label>
            <input
              id="import-file"
              className="form-control"
              type="file"
              accept=".csv,text/csv"
              disabled={importRun.busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setChecked(null);
                setJob(null);
              }}
            />
          </div>
          <button
            type="button"
            className="btn btn-outline"
            disabled={!file || importRun.busy}
            onClick={() => run(true)}
          >
            Dry run
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!file || checked !== file || importRun.busy}
            aria-describedby="import-apply-hint"
            onClick={() => run(false)}
          >
            Apply
          </button>
          <ExportButton />
        </div>
        <p id="import-apply-hint" className="muted">
          {!file
            ? IMPORT_TEXTS.chooseFirst
            : checked === file
              ? IMPORT_TEXTS.applyReady
              : IMPORT_TEXTS.applyAfterDryRun}
        </p>
        {job && job.status !== 'failed' && <ImportProgress job={job} />}
      </section>
      {job?.status === 'done' && <ImportReport job={job} />}
    </>
  );
}
