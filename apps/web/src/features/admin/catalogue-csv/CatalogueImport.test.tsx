import type { ImportJob } from '@shop/contracts/catalogue-csv';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/api-server';
import { api, findToast, renderScreen, setupAdminTests } from '../testing/setup';
import { CatalogueImport } from './CatalogueImport';

setupAdminTests();

const IMPORT = '/api/v1/product/import';
const JOB_ID = '65f0c0ffee0000000000abcd';
const EVENTS = `/api/v1/jobs/${JOB_ID}/events`;

const jobOf = (fields: Partial<ImportJob> = {}): ImportJob => ({
  jobId: JOB_ID,
  dryRun: true,
  status: 'running',
  processed: 0,
  total: 4,
  created: 0,
  updated: 0,
  unchanged: 0,
  errors: [],
  errorCount: 0,
  changes: [],
  changeCount: 0,
  ...fields,
});

const priceChange = { row: 2, sku: 'LAMP-1', field: 'price', from: '24.50', to: '19.99' };
const badRow = { row: 5, column: 'category', message: 'Unknown category: lamps' };
const dryRunOver = jobOf({
  status: 'done',
  processed: 4,
  updated: 1,
  unchanged: 2,
  changes: [priceChange],
  changeCount: 1,
  errors: [badRow],
  errorCount: 1,
});

/**
 * The job's Server-Sent Events as the API streams them: each request for them opens a stream
 * that stays open until the test sends its `end` event.
 */
function jobEvents() {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  server.use(
    http.get(EVENTS, () => {
      const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  const send = (event: 'progress' | 'end', job: ImportJob) => {
    const stream = streams.at(-1);
    if (!stream) throw new Error('No one asked for the events yet');
    stream.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(job)}\n\n`));
    if (event === 'end') stream.close();
  };
  return {
    opened: () => streams.length,
    progress: (job: ImportJob) => send('progress', job),
    end: (job: ImportJob) => send('end', job),
  };
}

const CSV = 'sku,price\r\nLAMP-1,19.99\r\n';
const csvFile = (name = 'catalogue.csv') => new File([CSV], name, { type: 'text/csv' });

async function openImport() {
  api.on('POST', IMPORT, { status: 202, body: { success: true, jobId: JOB_ID } });
  renderScreen(<CatalogueImport />, '/dashboard/admin/import');
  await screen.findByRole('heading', { name: 'Import', level: 1 });
  return userEvent.setup();
}

const button = (name: string) => screen.getByRole('button', { name });
/** The import's form fields as the API received them, the file as its text. */
async function sent(index: number) {
  const form = api.requestsTo('POST', IMPORT)[index]?.body as FormData;
  return { dryRun: form.get('dryRun'), file: await (form.get('file') as Blob).text() };
}

/** Until the events are asked for (the job has been started and is followed). */
async function followed(events: ReturnType<typeof jobEvents>, times: number) {
  await expect.poll(events.opened, { timeout: 10_000 }).toBe(times);
}

async function dryRun(user: ReturnType<typeof userEvent.setup>, file = csvFile()) {
  const events = jobEvents();
  await user.upload(screen.getByLabelText('CSV file'), file);
  await user.click(button('Dry run'));
  await followed(events, 1);
  return events;
}

describe('Catalogue → Import', () => {
  it('when the admin dry-runs a chosen file, then its progress shows, then its changes and errors in tables, and only then may it be applied', async () => {
    const user = await openImport();
    expect(button('Dry run')).toBeDisabled();
    expect(button('Apply')).toBeDisabled();

    expect(button('Apply')).toHaveAccessibleDescription(
      'Choose a CSV file, then check it with a dry run before you apply it.',
    );
    const events = await dryRun(user);
    expect(button('Apply')).toHaveAccessibleDescription(
      'Apply is offered once a dry run of this file has ended.',
    );
    expect(await sent(0)).toEqual({ dryRun: 'true', file: CSV });
    events.progress(jobOf({ processed: 2 }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(await screen.findByText('2 of 4 rows')).toBeVisible();
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '4');
    expect(button('Apply')).toBeDisabled();

    events.end(dryRunOver);
    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(within(report).getByText('Dry run: nothing was written')).toBeVisible();
    const changes = within(report).getByRole('region', { name: 'Changes' });
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent(
      ['2', 'LAMP-1', 'price', '24.50 → 19.99'].join(''),
    );
    const errors = within(report).getByRole('region', { name: 'Errors' });
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent(
      ['5', 'category', 'Unknown category: lamps'].join(''),
    );
    expect(button('Apply')).toBeEnabled();
    expect(button('Apply')).toHaveAccessibleDescription(
      'Apply imports this file for real: what its dry run listed.',
    );
  });

  it('when the admin applies a dry-run file, then it is imported for real with its progress, and the result shows created, updated, unchanged and errors', async () => {
    const user = await openImport();
    (await dryRun(user)).end(dryRunOver);
    await screen.findByRole('region', { name: 'Import report' });

    const events = jobEvents();
    await user.click(button('Apply'));
    await followed(events, 1);
    expect(await sent(1)).toEqual({ dryRun: 'false', file: CSV });
    expect(screen.queryByRole('region', { name: 'Import report' })).toBeNull();
    events.progress(jobOf({ dryRun: false, processed: 3 }));
    expect(await screen.findByText('3 of 4 rows')).toBeVisible();
    expect(button('Apply')).toBeDisabled();

    events.end({ ...dryRunOver, dryRun: false, created: 1, changes: [priceChange] });

    expect(await findToast('Catalogue imported')).toBeInTheDocument();
    const report = screen.getByRole('region', { name: 'Import report' });
    expect(within(report).getByRole('heading', { name: 'Imported' })).toBeVisible();
    const counts = within(report)
      .getAllByRole('definition')
      .map((d) => [d.previousElementSibling?.textContent, d.textContent]);
    expect(counts).toEqual([
      ['Created', '1'],
      ['Updated', '1'],
      ['Unchanged', '2'],
      ['Errors', '1'],
    ]);
    expect(within(report).getByRole('region', { name: 'Errors' })).toBeVisible();
    expect(button('Apply')).toBeDisabled();
  });

  it('when another file is chosen after a dry run, then Apply waits for a dry run of that file', async () => {
    const user = await openImport();
    (await dryRun(user)).end(dryRunOver);
    await screen.findByRole('region', { name: 'Import report' });
    expect(button('Apply')).toBeEnabled();

    await user.upload(screen.getByLabelText('CSV file'), csvFile('other.csv'));

    expect(button('Apply')).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Import report' })).toBeNull();
  });

  it('when a job lists more changes than the screen does, then the rest is counted as "and N more"', async () => {
    const user = await openImport();
    const changes = Array.from({ length: 120 }, (_, i) => ({ ...priceChange, row: i + 2 }));

    (await dryRun(user)).end({ ...dryRunOver, changes, changeCount: 1500 });

    const table = await screen.findByRole('region', { name: 'Changes' });
    expect(within(table).getByRole('heading')).toHaveTextContent('Changes (1500)');
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(within(table).getByText('and 1400 more')).toBeVisible();
  });

  it('when the job’s events cannot be read, then the job is read again until it ends', async () => {
    const user = await openImport();
    api.on('GET', EVENTS, 'network-error');
    const answers = [jobOf({ processed: 1 }), dryRunOver];
    api.on('GET', `/api/v1/jobs/${JOB_ID}`, () => ({
      status: 200,
      body: { success: true, ...(answers.shift() ?? dryRunOver) },
    }));
    await user.upload(screen.getByLabelText('CSV file'), csvFile());

    await user.click(button('Dry run'));

    expect(await screen.findByText('1 of 4 rows')).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Import report' })).toBeVisible();
    expect(api.requestsTo('GET', `/api/v1/jobs/${JOB_ID}`)).toHaveLength(2);
    expect(button('Apply')).toBeEnabled();
  });

  it('when the server refuses the file, then its words are toasted and Apply stays off', async () => {
    const user = await openImport();
    const refusal = 'The header has a column the export does not: colour';
    api.on('POST', IMPORT, { status: 400, body: { success: false, message: refusal } });
    await user.upload(screen.getByLabelText('CSV file'), csvFile());

    await user.click(button('Dry run'));

    expect(await findToast(refusal)).toBeInTheDocument();
    expect(button('Apply')).toBeDisabled();
  });

  it('when the job fails, then its reason is toasted, no report shows and Apply stays off', async () => {
    const user = await openImport();
    const events = await dryRun(user);

    const message = 'The file is not valid CSV: Quote Not Closed';
    events.end(jobOf({ status: 'failed', message }));

    expect(await findToast(message)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Import report' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(button('Apply')).toBeDisabled();
  });

  it('when the admin exports, then the catalogue’s CSV is asked with the session and saved as a file with one BOM', async () => {
    const user = await openImport();
    api.on('GET', '/api/v1/product/export.csv', {
      status: 200,
      body: '\uFEFFslug,sku\r\nlamp,LAMP-1\r\n',
      headers: { 'Content-Type': 'text/csv' },
    });
    const saved: Blob[] = [];
    vi.mocked(URL.createObjectURL).mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:catalogue';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });

    await user.click(button('Export CSV'));

    expect(await findToast('Catalogue exported')).toBeInTheDocument();
    const [asked] = api.requestsTo('GET', '/api/v1/product/export.csv');
    expect(asked?.authorization).toBeTruthy();
    expect(names).toEqual([expect.stringMatching(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(saved[0] as Blob);
    });
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFslug,sku\r\nlamp,LAMP-1\r\n',
    );
  });
});
