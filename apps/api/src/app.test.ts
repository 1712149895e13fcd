import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { errorResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { databaseNamedIn } from './db/connect.js';
import { loadLocalJwtSecret } from './lib/local-secret.js';
import { startTestApp } from './test/harness.js';

describe('configuration', () => {
  it('when production has no JWT_SECRET, then loading the config fails with a clear line', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET: JWT_SECRET must be set in production',
    );
  });

  it('when PORT is not a number, then loading the config fails naming PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('when nothing is set, then the defaults apply (port 8080, 1 MB photos, loopback proxy)', () => {
    const config = loadConfig({}, () => 'from-data-dir');
    expect(config.PORT).toBe(8080);
    expect(config.MAX_PHOTO_BYTES).toBe(1_000_000);
    expect(config.TRUST_PROXY).toBe('loopback');
    expect(config.JWT_SECRET).toBe('from-data-dir');
  });

  it('when TRUST_PROXY is a hop count, then it is a number', () => {
    expect(loadConfig({ TRUST_PROXY: '1', JWT_SECRET: 's' }).TRUST_PROXY).toBe(1);
  });

  it('when JWT_SECRET is missing and nothing stands in for it, then loading fails', () => {
    expect(() => loadConfig({})).toThrow('JWT_SECRET is required');
  });

  it('when no JWT_SECRET is set, then a random secret is made once and kept in the data dir', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-secret-'));
    const first = loadLocalJwtSecret(join(dir, 'data'));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadLocalJwtSecret(join(dir, 'data'))).toBe(first);
    expect(statSync(join(dir, 'data', 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadLocalJwtSecret(mkdtempSync(join(tmpdir(), 'shop-secret-')))).not.toBe(first);
    rmSync(dir, { recursive: true, force: true });
  });

  it('when a URL names a database, then that database is used', () => {
    expect(databaseNamedIn('mongodb://mongo:27017/shopdb?retryWrites=true')).toBe('shopdb');
    expect(databaseNamedIn('mongodb://mongo:27017/')).toBeUndefined();
  });
});

describe('the SPA and health', () => {
  const dist = mkdtempSync(join(tmpdir(), 'shop-web-dist-'));
  let t: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>E-commerce best app</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build's gzipped copy of a script (the compression middleware leaves files this small).
    writeFileSync(join(dist, 'assets', 'Home-def456.js'), 'console.log(2)');
    writeFileSync(join(dist, 'assets', 'Home-def456.js.gz'), gzipSync('console.log(2)'));
    t = await startTestApp({ WEB_DIST: dist, AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('when a deep link is reloaded, then index.html is served and not cached', async () => {
    const res = await t.http().get('/dashboard/user/orders').expect(200);
    // Titled by the store's name (a screen of the shopper's own has no title of its own).
    expect(res.text).toContain('<title>Ecommerce App</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when a hashed asset is fetched, then it is cached for a year as immutable', async () => {
    const res = await t.http().get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('when the build gzipped an asset, then its gzipped copy goes as is, as JavaScript, cached for a year', async () => {
    const res = await t
      .http()
      .get('/assets/Home-def456.js')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.text).toBe('console.log(2)');
  });

  it('when the browser does not accept gzip, then the plain asset goes', async () => {
    const res = await t
      .http()
      .get('/assets/Home-def456.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe('console.log(2)');
  });

  it('when an asset does not exist, then 404 instead of index.html', async () => {
    await t.http().get('/assets/missing.js').expect(404);
  });

  it('when an unknown API path is asked, then a JSON 404, not the SPA', async () => {
    const res = await t.http().get('/api/v1/product/nothing-here/at-all').expect(404);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  it('when a path under /api/v1 is unknown, then 404 in the error shape', async () => {
    const res = await t.http().get('/api/v1/nope').expect(404);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  it('when a search keyword holds a NUL byte, then it is matched literally (nothing found), not a 500', async () => {
    const res = await t.http().get('/api/v1/product/search/a%00b').expect(200);
    expect(res.body).toEqual([]);
  });

  it('when too many logins come from one address, then 429 with a clear message', async () => {
    const attempt = () =>
      t.http().post('/api/v1/auth/login').send({ email: 'x@example.com', password: 'wrong' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const res = await attempt().expect(429);
    expect(res.body).toEqual({
      success: false,
      message: 'Too many attempts, please try again in 15 minutes',
    });
  });

  it('when the database answers, then healthz is 200; when it is gone, then 503', async () => {
    expect((await t.http().get('/healthz')).body).toEqual({ ok: true, database: 'up' });
    await mongoose.disconnect();
    const res = await t.http().get('/healthz').expect(503);
    expect(res.body).toEqual({ ok: false, database: 'down' });
    await mongoose.connect(t.databaseUrl);
    await t.http().get('/healthz').expect(200);
  });
});
