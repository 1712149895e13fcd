import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { expectOnlyOrigin, writeBuiltSpaWithServerEntry } from '../../test/storefront.js';

/** A server entry that counts its renders. */
const SERVER_ENTRY = `
export async function render(url) {
  globalThis.originRenders = (globalThis.originRenders ?? 0) + 1;
  return { html: '<main><h1>' + encodeURI(url) + '</h1></main>', state: { url } };
}
`;

const { root, dist } = writeBuiltSpaWithServerEntry(SERVER_ENTRY, {
  'assets/index-1.css': 'body{margin:0}',
});
// A development shop without PUBLIC_URL, which trusts forwarded headers from loopback (supertest
// asks from there): its origin is the address it listens on (HOST and PORT's defaults).
test.override('appEnv', { scope: 'file' }, { NODE_ENV: 'development', WEB_DIST: dist });
const ORIGIN = 'http://127.0.0.1:8080';
afterAll(() => rmSync(root, { recursive: true, force: true }));

const renders = () => (globalThis as { originRenders?: number }).originRenders ?? 0;

describe("one origin in development: the address the shop listens on, never a request's", () => {
  test("when a page, robots.txt or a sitemap is asked with another Host, or forwarded headers naming another host and a protocol that is no http(s), then each absolute URL starts with the shop's own origin and none names them", async ({
    api,
    addProduct,
  }) => {
    const lamp = await addProduct({ name: `Lamp ${uniqueWord()}` });
    await expectOnlyOrigin(api, ORIGIN, lamp.slug);
  });

  test('when one page is asked under many Host headers, then it is rendered once and every one gets the same bytes', async ({
    api,
  }) => {
    const word = uniqueWord();
    const first = await api.get(`/search?keyword=${word}`).expect(200);
    const before = renders();

    for (let i = 0; i < 30; i += 1) {
      const res = await api
        .get(`/search?keyword=${word}`)
        .set('Host', `shop-${i}.example`)
        .set('X-Forwarded-Host', `proxy-${i}.example`)
        .expect(200);
      expect(res.text).toBe(first.text);
    }

    expect(renders()).toBe(before);
  });
});
