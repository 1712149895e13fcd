import { describe, expect, it } from 'vitest';
import { preview } from './format';
import { relativeTime } from './relative-time';

describe('formatting', () => {
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
