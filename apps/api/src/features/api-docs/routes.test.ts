import { describe, expect, test } from '../../test/fixtures.js';

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route Express serves, as `METHOD /path/{param}`, found by walking its routers. */
function expressRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    const path = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route) {
      const full = `${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}');
      return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${full}`);
    }
    return layer.handle.stack ? expressRoutes(layer.handle.stack, `${prefix}${path}`) : [];
  });
}

const documentedOperations = (paths: Record<string, Record<string, unknown>>) =>
  Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('GET /api/openapi.json', () => {
  test('is OpenAPI 3.1 and documents exactly the routes the API serves, no more, no fewer', async ({
    app,
  }) => {
    const res = await app.http().get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');

    const router = (app.app as unknown as { router: { stack: Layer[] } }).router;
    const served = expressRoutes(router.stack).filter(
      (route) => route.includes(' /api/v1/') || route.endsWith(' /healthz'),
    );
    expect(served.length).toBeGreaterThan(25);
    expect(documentedOperations(res.body.paths).sort()).toEqual([...new Set(served)].sort());
  });

  test('documents paging, the photo rendition query and the failures of a signed-in call', async ({
    app,
  }) => {
    const { body } = await app.http().get('/api/openapi.json').expect(200);
    const allOrders = body.paths['/api/v1/auth/all-orders'].get;
    const query = allOrders.parameters.filter((p: { in: string }) => p.in === 'query');
    expect(query.map((p: { name: string }) => p.name).sort()).toEqual([
      'page',
      'perPage',
      'q',
      'status',
    ]);
    const status = query.find((p: { name: string }) => p.name === 'status');
    expect(status.required).toBeFalsy();
    expect(status.schema.enum).toEqual([
      '',
      'Not Process',
      'Processing',
      'Shipped',
      'deliverd',
      'cancel',
    ]);
    const csv = body.paths['/api/v1/auth/all-orders.csv'].get;
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
    expect(query.find((p: { name: string }) => p.name === 'perPage').schema.maximum).toBe(100);
    expect(Object.keys(allOrders.responses).sort()).toEqual(['200', '400', '401', '403', '503']);
    expect(allOrders.security).toEqual([{ token: [] }]);

    const photo = body.paths['/api/v1/product/product-photo/{id}'].get;
    expect(photo.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'v', 'w']);
    expect(Object.keys(photo.responses)).toContain('304');

    const intent = body.paths['/api/v1/order/create-payment-intent'].post;
    expect(Object.keys(intent.responses)).toEqual(expect.arrayContaining(['429', '502', '503']));
    expect(body.components.schemas.Product.required).toContain('photo');
  });

  test('documents the delivery address: asked by both checkout calls, stored on orders and users', async ({
    app,
  }) => {
    const { body } = await app.http().get('/api/openapi.json').expect(200);
    const address = body.components.schemas.DeliveryAddress;
    expect(address.required.sort()).toEqual(
      ['city', 'country', 'name', 'phone', 'postalCode', 'street'].sort(),
    );
    expect(address.properties.street.maxLength).toBe(200);
    for (const path of ['/api/v1/order/create-payment-intent', '/api/v1/order/place-order']) {
      const request = body.paths[path].post.requestBody.content['application/json'].schema;
      const fields =
        request.properties ?? body.components.schemas[request.$ref.split('/').pop()].properties;
      expect(JSON.stringify(fields.deliveryAddress)).toContain(
        '#/components/schemas/DeliveryAddress',
      );
      expect(fields.saveAddress.type).toBe('boolean');
      expect(request.required ?? []).not.toContain('deliveryAddress');
    }
    for (const schema of [body.components.schemas.Order, body.components.schemas.User]) {
      // Answers carry it as stored, checked already.
      expect(schema.properties.deliveryAddress.$ref).toBe(
        '#/components/schemas/StoredDeliveryAddress',
      );
      expect(schema.required).not.toContain('deliveryAddress');
    }
  });
});

describe('GET /api/docs', () => {
  test('is a page whose scripts and styles all come from this server', async ({ app }) => {
    const page = await app.http().get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const links = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    // The empty icon is inline (`data:,`), so the browser asks for no favicon either.
    const assets = links.filter((link) => link !== 'data:,');
    expect(links).toHaveLength(assets.length + 1);
    expect(assets).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/start.js',
    ]);
    for (const asset of assets) {
      const res = await app.http().get(asset).expect(200);
      expect(res.headers['content-type']).toMatch(/javascript|css/);
    }
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unpkg|jsdelivr|cdnjs/);
  });
});
