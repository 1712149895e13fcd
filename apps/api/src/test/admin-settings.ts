import { expect } from 'vitest';
import { type Api, errorOf, notAdmins, withToken } from './harness.js';

/**
 * Checks shared by the shop-wide settings only an admin reads (GET) and replaces whole (PUT):
 * shipping zones, tax rates.
 */

/** A list where the object belongs, and JSON cut short: each a 400 with its message. */
export async function expectMalformedBodiesRefused(api: Api, path: string, token: string) {
  const list = await withToken(api.put(path), token).send([]);
  expect(list.status).toBe(400);
  expect(errorOf(list.body)).toBe('expected object, received array');

  const broken = await withToken(api.put(path), token)
    .set('Content-Type', 'application/json')
    .send('{"a":[');
  expect(broken.status).toBe(400);
  expect(errorOf(broken.body)).toBe('Malformed JSON in request body');
}

/** Whoever is not an admin gets 401 or 403 for both the read and the write of `replacement`. */
export async function expectAdminsOnly(
  api: Api,
  path: string,
  user: { token: string },
  replacement: object,
) {
  for (const [label, token, status] of notAdmins(user)) {
    const read = await withToken(api.get(path), token);
    const write = await withToken(api.put(path), token).send(replacement);
    expect({ label, read: read.status, write: write.status, body: read.body.success }).toEqual({
      label,
      read: status,
      write: status,
      body: false,
    });
  }
}
