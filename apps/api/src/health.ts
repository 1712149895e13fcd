import { z } from 'zod';
import { databaseIsUp } from './db/connect.js';
import { defineRoute } from './lib/route.js';

/** For load balancers and the supervisor: 200 while the database answers, 503 otherwise. */
export const healthRoute = defineRoute({
  method: 'get',
  path: '/healthz',
  access: 'public',
  summary: 'Whether the API and its database answer',
  responses: {
    200: {
      description: 'Up',
      body: z.object({ ok: z.literal(true), database: z.literal('up') }),
    },
    503: {
      description: 'The database does not answer',
      body: z.object({ ok: z.literal(false), database: z.literal('down') }),
    },
  },
  failures: [],
  handler: async (_input, _req, res) => {
    const up = await databaseIsUp();
    res.status(up ? 200 : 503).json({ ok: up, database: up ? 'up' : 'down' });
  },
});
