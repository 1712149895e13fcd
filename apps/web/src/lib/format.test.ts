import { describe, expect, it } from 'vitest';
import { formatDollars, formatRupees, preview } from './format';
import { relativeTime } from './relative-time';

describe('formatting', () => {
  it('when a price is shown on a card, then it carries the rupee sign', () => {
    expect(formatRupees(34.5)).toBe('₹34.50');
  });

  it('when a price is written without Intl, then it reads exactly as Intl writes it (en-IN, INR)', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const fixed = [0, -0, 1, 34.5, 999.995, 1.005, 0.005, 2.675, 1234567.5, 99999.999, -5, -0.001];
    const large = [12345678901.25, 1e6, 1e12, 9999999999999.99, 1e13, 1e21, Number.NaN, Infinity];
    let seed = 17;
    const random = Array.from({ length: 2000 }, () => {
      seed = (seed * 48271) % 2147483647;
      return (seed % 10_000_000) / 10 ** (seed % 4);
    });
    for (const value of [...fixed, ...large, ...random]) {
      expect(formatRupees(value), String(value)).toBe(intl.format(value));
    }
  });

  it('when the cart total is shown, then it is in US dollars', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });

  it('when a description is previewed, then it is cut and followed by an ellipsis', () => {
    expect(preview('abcdefghij', 4)).toBe('abcd...');
  });

  it('when a date is shown relative to now, then it reads as a person says it', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(relativeTime('2025-03-10T11:59:58Z', now)).toBe('2 seconds ago');
    expect(relativeTime('2025-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2025-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2024-03-10T12:00:00Z', now)).toBe('last year');
  });
});
