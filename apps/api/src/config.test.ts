import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration of accounts and limits', () => {
  it('when nothing says otherwise, then the server listens on loopback only', () => {
    expect(loadConfig({ JWT_SECRET: 's' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ JWT_SECRET: 's', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('when production has a JWT_SECRET shorter than 32 bytes, then loading fails naming it', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' } as const;
    expect(() => loadConfig({ ...production, JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /JWT_SECRET: JWT_SECRET must be at least 32 bytes in production/,
    );
    const ok = loadConfig({ ...production, JWT_SECRET: 'x'.repeat(32) });
    expect(ok.JWT_SECRET).toHaveLength(32);
  });

  it('when production has no PUBLIC_URL, then loading fails with one line saying why', () => {
    const load = () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    // One line: `.` matches no line break.
    expect(load).toThrow(
      /^Invalid configuration: PUBLIC_URL: PUBLIC_URL must be set in production \(.+\): absolute URLs are never taken from a request$/,
    );
  });

  it('when PUBLIC_URL is not set outside production, then it is the address the shop listens on', () => {
    expect(loadConfig({ JWT_SECRET: 's' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ JWT_SECRET: 's', HOST: '0.0.0.0', PORT: '3000' }).PUBLIC_URL).toBe(
      'http://localhost:3000',
    );
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 's', HOST: '::1' }).PUBLIC_URL).toBe(
      'http://[::1]:8080',
    );
  });

  it('when not in production, then a short JWT_SECRET is still accepted', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 's' }).JWT_SECRET).toBe('s');
  });

  it('when TWO_FACTOR_KEY is shorter than 32 bytes, then loading fails naming it; unset, it stays unset', () => {
    expect(() => loadConfig({ JWT_SECRET: 's', TWO_FACTOR_KEY: 'short' })).toThrow(
      /TWO_FACTOR_KEY: must be at least 32 bytes/,
    );
    expect(loadConfig({ JWT_SECRET: 's', TWO_FACTOR_KEY: 'k'.repeat(32) }).TWO_FACTOR_KEY).toBe(
      'k'.repeat(32),
    );
    expect(loadConfig({ JWT_SECRET: 's' }).TWO_FACTOR_KEY).toBeUndefined();
  });

  it('when nothing is set, then the per-user limits default to 10 profile updates and 30 checkout calls', () => {
    const config = loadConfig({ JWT_SECRET: 's' });
    expect(config.PROFILE_RATE_LIMIT).toBe(10);
    expect(config.CHECKOUT_RATE_LIMIT).toBe(30);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(8_000);
  });

  it('when a limit is not a positive number, then loading fails naming it', () => {
    expect(() => loadConfig({ JWT_SECRET: 's', CHECKOUT_RATE_LIMIT: '0' })).toThrow(
      /CHECKOUT_RATE_LIMIT/,
    );
    expect(() => loadConfig({ JWT_SECRET: 's', SEED_ADMIN_PASSWORD: 'short' })).toThrow(
      /SEED_ADMIN_PASSWORD/,
    );
  });

  it('when PUBLIC_URL is set, then its origin is kept; when it is no http(s) URL, then loading fails naming it', () => {
    expect(loadConfig({ JWT_SECRET: 's', PUBLIC_URL: 'https://Shop.Example/' }).PUBLIC_URL).toBe(
      'https://shop.example',
    );
    for (const bad of ['shop.example', 'ftp://shop.example', 'javascript:alert(1)']) {
      expect(() => loadConfig({ JWT_SECRET: 's', PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(loadConfig({ JWT_SECRET: 's' }).SITEMAP_URLS_PER_FILE).toBe(50_000);
    expect(() => loadConfig({ JWT_SECRET: 's', SITEMAP_URLS_PER_FILE: '50001' })).toThrow(
      /SITEMAP_URLS_PER_FILE/,
    );
  });

  it('when the first currency is not one Stripe charges, then loading fails naming it', () => {
    expect(loadConfig({ JWT_SECRET: 's', STRIPE_CURRENCY: 'EUR' }).STRIPE_CURRENCY).toBe('eur');
    expect(loadConfig({ JWT_SECRET: 's', STRIPE_CURRENCY: 'jpy' }).STRIPE_CURRENCY).toBe('jpy');
    expect(() => loadConfig({ JWT_SECRET: 's', STRIPE_CURRENCY: 'dollars' })).toThrow(
      /STRIPE_CURRENCY: must be a three-letter currency Stripe charges/,
    );
  });
});
