import { describe, expect, test } from 'vitest';
import { defineRoute } from './route.js';

/** A staff write cannot be declared without its audit: the app would not start. */

const write = {
  access: { staff: [], to: 'manage things' },
  summary: 'Change a thing',
  responses: {},
  failures: [],
  handler: () => undefined,
};

describe('defineRoute and the audit log', () => {
  test('when a staff write declares no audit, then declaring it throws naming the route; a read, or a write that declares one, is declared', () => {
    for (const method of ['put', 'post', 'delete'] as const) {
      expect(() => defineRoute({ ...write, method, path: '/api/v1/things' })).toThrow(
        `${method} /api/v1/things: a staff write declares its audit`,
      );
    }
    expect(() => defineRoute({ ...write, method: 'get', path: '/api/v1/things' })).not.toThrow();
    const audited = defineRoute({
      ...write,
      method: 'put',
      path: '/api/v1/things',
      audit: {
        type: 'settings',
        target: () => 'things',
        load: async () => ({}),
        label: () => 'Things',
      },
    });
    expect(audited.audit?.action).toBe('put /api/v1/things');
  });
});
