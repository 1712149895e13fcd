import {
  csvOf,
  exportText,
  jobWhenOver,
  makeSizedProducts,
  rowsOf,
  sendImport,
} from '../../test/catalogue-csv.js';
import { describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { insertJob } from './repository.js';

describe('catalogue imports over two API processes on one database', () => {
  test.beforeAll(async ({ otherUrl }) => {
    expect(otherUrl).toMatch(/^http:/);
  });

  test('when an import is started on one process, then the other answers its progress and outcome, as JSON and as events', async ({
    api,
    other,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 2);
    const sku = `${word}-1-L`;
    const started = await sendImport(
      api,
      admin.token,
      csvOf([{ sku, price: '15.00' }]),
      false,
    ).expect(202);

    const job = await jobWhenOver(other, admin.token, started.body.jobId);
    expect(job).toMatchObject({
      status: 'done',
      updated: 1,
      changes: [{ row: 2, sku, field: 'price', from: '12.00', to: '15.00' }],
    });
    const events = await other
      .get(`/api/v1/jobs/${started.body.jobId}/events`)
      .set('Authorization', admin.token)
      .buffer(true)
      .expect(200);
    expect(events.text).toMatch(/^event: end\ndata: \{.*"status":"done"/);
    const row = rowsOf(await exportText(other, admin.token)).find((r) => r.sku === sku);
    expect(row?.price).toBe('15.00');
  });

  test('when a job is left queued (its process stopped before it began), then another process claims and runs it', async ({
    other,
    admin,
    category,
  }) => {
    const { word } = await makeSizedProducts(category.id, 1);
    const sku = `${word}-0-S`;
    const jobId = await insertJob(csvOf([{ sku, quantity: '42' }]), false);

    const job = await jobWhenOver(other, admin.token, jobId);

    expect(job).toMatchObject({ status: 'done', updated: 1 });
    const row = rowsOf(await exportText(other, admin.token)).find((r) => r.sku === sku);
    expect(row?.quantity).toBe('42');
  });
});
