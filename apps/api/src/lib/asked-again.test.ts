import { describe, expect, it } from 'vitest';
import { AskedAgain } from './asked-again.js';

describe('AskedAgain', () => {
  it('when a key is asked the first time, then not before; the second time, then before', () => {
    const asked = new AskedAgain(1024);
    expect(asked.ask('GET /api/v1/search {"query":{"q":"lamp"}}')).toBe(false);
    expect(asked.ask('GET /api/v1/search {"query":{"q":"lamp"}}')).toBe(true);
    expect(asked.ask('GET /api/v1/search {"query":{"q":"lamps"}}')).toBe(false);
  });

  it('when many other keys were asked since, then a key is asked anew: it was pushed out', () => {
    const asked = new AskedAgain(16);
    asked.ask('home');
    for (let i = 0; i < 1000; i += 1) asked.ask(`search ${i}`);
    expect(asked.ask('home')).toBe(false);
  });

  it('when keys fill a sixteenth of the slots and are asked again, then nearly all count as asked before', () => {
    const asked = new AskedAgain(4096);
    const keys = Array.from({ length: 256 }, (_, i) => `GET /api/v1/search q=${i}`);
    for (const key of keys) asked.ask(key);
    const again = keys.filter((key) => asked.ask(key)).length;
    // About 1 in 16 shares its slot with another of them: expected 240 or so.
    expect(again).toBeGreaterThan(220);
  });
});
