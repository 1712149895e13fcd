import { loginResponseSchema } from '@shop/contracts';
import { expect } from 'vitest';
import { type Api, registrationForm } from './harness.js';

/** What every refused guess past an account's budget answers, at sign-in and password change. */
export const TOO_MANY_GUESSES =
  'Too many failed attempts for this account, please try again later or from a browser you have signed in with before';

/** A client address of its own for each `n` from 1 to 254 (TEST-NET-3), set by X-Forwarded-For. */
export const address = (n: number) => `203.0.113.${n}`;

/** Where a request comes from: its address, and the cookie its browser holds (none: a new one). */
export interface Browser {
  from: string;
  cookie?: string;
}

/** Attaches the address and the browser's cookie to a request. */
export const sentFrom = <R extends { set: (k: string, v: string) => R }>(
  req: R,
  { from, cookie }: Browser,
) => {
  const withAddress = req.set('X-Forwarded-For', from);
  return cookie ? withAddress.set('Cookie', cookie) : withAddress;
};

export const signIn = (api: Api, email: string, password: string, browser: Browser) =>
  sentFrom(api.post('/api/v1/auth/login'), browser).send({ email, password });

/** The cookie an answer left in the browser (`name=value`), failing when there is none. */
export function cookieLeft(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie'];
  const first = Array.isArray(set) ? String(set[0]) : undefined;
  expect(first, 'a Set-Cookie header').toBeDefined();
  return (first as string).split(';')[0] as string;
}

/**
 * `count` wrong passwords at `email`'s account, each from a new address of a new browser (the
 * addresses `first` on): every one is an ordinary 401.
 */
export async function guessWrong(api: Api, email: string, count: number, first = 1) {
  for (let n = first; n < first + count; n += 1) {
    const res = await signIn(api, email, `wrong-guess-${n}`, { from: address(n) });
    expect(res.status, `guess ${n}`).toBe(401);
  }
}

/** Registers the form (its e-mail: a new one unless given) and signs in: token, account id, form. */
export async function registerAndSignIn(api: Api, over: Record<string, unknown> = {}) {
  const form = registrationForm(over);
  await api.post('/api/v1/auth/register').send(form).expect(201);
  const res = await api
    .post('/api/v1/auth/login')
    .send({ email: form.email, password: form.password });
  const { token, user } = loginResponseSchema.parse(res.body);
  return { token, id: user._id, ...form };
}
