import parsePrometheus from 'parse-prometheus-text-format';
import { describe, expect, test } from '../test/fixtures.js';
import { appConfiguredWith, errorOf } from '../test/harness.js';

const TOKEN = 'metrics-token-for-this-test-only';

test.override('appEnv', { scope: 'file' }, { METRICS_TOKEN: TOKEN });

describe('GET /metrics', () => {
  test('when no token is configured, then 404 and no figures', async () => {
    const res = await appConfiguredWith().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('shop_');
  });

  test.for([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-metrics-token-at-all'],
    ['the token without Bearer', TOKEN],
    ['a token with the right start', `Bearer ${TOKEN.slice(0, -1)}`],
  ] as const)(
    'when the caller presents %s, then 401 and no figures',
    async ([, header], { api }) => {
      const req = api.get('/metrics');
      const res = await (header ? req.set('Authorization', header) : req);
      expect(res.status).toBe(401);
      expect(errorOf(res.body)).toBe('A valid metrics token is required');
      expect(res.text).not.toContain('shop_');
    },
  );

  test('when the operator presents the token, then Prometheus text with requests by declared route, latencies, the outbox and the catalogue lag', async ({
    api,
    addProduct,
  }) => {
    const product = await addProduct();
    await api.get(`/api/v1/product/get-product/${product.slug}`).expect(200);
    await api.get(`/api/v1/product/get-product/${product.slug}`).expect(200);
    await api.get('/api/v1/product/get-product/no-such-product-here').expect(404);

    const res = await api.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = new Map(parsePrometheus(res.text).map((f) => [f.name, f]));

    const requests = families.get('shop_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    const ofRoute = (status: string) =>
      requests?.metrics.find(
        (m) =>
          m.labels?.route === '/api/v1/product/get-product/{slug}' && m.labels?.status === status,
      );
    expect(Number(ofRoute('200')?.value)).toBeGreaterThanOrEqual(2);
    expect(Number(ofRoute('404')?.value)).toBe(1);
    // Never the URL itself: the labels stay few whatever is asked.
    expect(res.text).not.toContain('no-such-product-here');
    expect(res.text).not.toContain(product.slug);

    const latency = families.get('shop_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's buckets into one; its counts are read from the text.
    expect(Object.keys(latency?.metrics[0]?.buckets ?? {})).toContain('+Inf');
    const timed = res.text.match(
      /^shop_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/product\/get-product\/\{slug\}",status="200"\} (\d+)$/m,
    );
    expect(Number(timed?.[1])).toBeGreaterThanOrEqual(2);
    expect(families.get('shop_outbox_backlog')?.type).toBe('GAUGE');
    expect(families.get('shop_outbox_backlog')?.metrics[0]?.value).toBe('0');
    expect(families.get('shop_outbox_failures_total')?.type).toBe('COUNTER');
    expect(families.get('shop_catalogue_revision_lag')?.type).toBe('GAUGE');
    expect(families.get('shop_checkout_outcomes_total')?.type).toBe('COUNTER');
  });
});
