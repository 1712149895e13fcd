import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { uniqueWord } from '../../test/catalogue.js';
import { describe, test } from '../../test/fixtures.js';
import { expectOnlyOrigin, writeBuiltSpa } from '../../test/storefront.js';

const ORIGIN = 'https://shop.example';
const dist = writeBuiltSpa();
// The shop in production behind a proxy it trusts (loopback: supertest asks from there).
test.override(
  'appEnv',
  { scope: 'file' },
  {
    NODE_ENV: 'production',
    PUBLIC_URL: ORIGIN,
    JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
    TRUST_PROXY: 'loopback',
    WEB_DIST: dist,
  },
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('one origin in production: PUBLIC_URL, never a request', () => {
  test('when a page, robots.txt or a sitemap is asked with another Host or forwarded headers, then each absolute URL starts with PUBLIC_URL and none names them', async ({
    api,
    addProduct,
  }) => {
    const lamp = await addProduct({ name: `Lamp ${uniqueWord()}` });
    await expectOnlyOrigin(api, ORIGIN, lamp.slug);
  });
});
