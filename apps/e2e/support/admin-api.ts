import { SEED_ADMIN } from './accounts';
import { baseUrl } from './browser';

/** A 1×1 PNG: the photo every product needs. */
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The API as the admin's screens call it (signed in as the seeded admin), for what a test needs
 * the shop at `base` (the shared one unless given) to hold.
 */
export async function adminApi(base = baseUrl()) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: token,
        ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  let token = '';
  const login = await call('POST', '/api/v1/auth/login', {
    email: SEED_ADMIN.email,
    password: SEED_ADMIN.password,
  });
  token = String(login.token);
  return call;
}
