import { MAX_IMPORT_BYTES } from '@shop/contracts/catalogue-csv';
import type { Test } from 'supertest';
import { jobWhenOver } from '../catalogue-csv.js';
import { unknownId } from '../harness.js';
import type { Calls, Context } from './context.js';

/** The import's form with the file, sent as the admin's screen sends it. */
const withFile = (req: Test, file: Buffer) =>
  req
    .field('dryRun', 'true')
    .attach('file', file, { filename: 'catalogue.csv', contentType: 'text/csv' });

/** A dry run of a file of a header alone, over: its job's id. */
async function finishedJob({ api, admin }: Context): Promise<string> {
  const res = await withFile(
    api.post('/api/v1/product/import').set('Authorization', admin.token),
    Buffer.from('sku\r\n'),
  ).expect(202);
  await jobWhenOver(api, admin.token, res.body.jobId);
  return res.body.jobId;
}

/** The calls of the catalogue's CSV: its export, its import, the import's job. */
export const catalogueCsvCalls: Calls = {
  'GET /api/v1/product/export.csv': {
    200: ({ send, admin }) => send({ as: admin }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'POST /api/v1/product/import': {
    202: ({ send, admin }) =>
      withFile(send({ as: admin }), Buffer.from('sku,price\r\nA-1,3.00\r\n')),
    // Not a CSV: a PNG's first bytes.
    400: ({ send, admin }) =>
      withFile(
        send({ as: admin }),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]),
      ),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
    413: ({ send, admin }) =>
      withFile(send({ as: admin }), Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a')),
  },
  'GET /api/v1/jobs/{jobId}': {
    200: async (c) => c.send({ as: c.admin, params: { jobId: await finishedJob(c) } }),
    400: ({ send, admin }) => send({ as: admin, params: { jobId: 'not-an-id' } }),
    401: ({ send }) => send({ params: { jobId: unknownId() } }),
    403: ({ send, user }) => send({ as: user, params: { jobId: unknownId() } }),
    404: ({ send, admin }) => send({ as: admin, params: { jobId: unknownId() } }),
  },
  'GET /api/v1/jobs/{jobId}/events': {
    200: async (c) => c.send({ as: c.admin, params: { jobId: await finishedJob(c) } }).buffer(true),
    400: ({ send, admin }) => send({ as: admin, params: { jobId: 'not-an-id' } }),
    401: ({ send }) => send({ params: { jobId: unknownId() } }),
    403: ({ send, user }) => send({ as: user, params: { jobId: unknownId() } }),
    404: ({ send, admin }) => send({ as: admin, params: { jobId: unknownId() } }),
  },
};
