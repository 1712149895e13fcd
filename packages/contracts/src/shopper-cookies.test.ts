import { describe, expect, it } from 'vitest';
import {
  CART_COOKIE_LINES,
  cartCookieLines,
  cartCookieValue,
  shopperNameCookieValue,
  shopperNameOf,
} from './shopper-cookies.js';

const id = (n: number) => n.toString(16).padStart(24, '0');
const TEA = '6b0bd9988365ae83ff89ac6b';
const SPADE = 'ffffffffffffffffffffffff';

describe('the cart cookie', () => {
  it('when lines are written, then they read back in order, each variant and its units', () => {
    const lines = [
      { variant: TEA, units: 1 },
      { variant: SPADE, units: 1000 },
      { variant: id(0), units: 37 },
    ];

    expect(cartCookieLines(cartCookieValue(lines))).toEqual(lines);
  });

  it('when a whole cart of 200 lines of 1,000 units is written, then it fits in one cookie (4,096 bytes with its name) and reads back whole', () => {
    const lines = Array.from({ length: CART_COOKIE_LINES }, (_, n) => ({
      variant: id(n + 1),
      units: 1000,
    }));

    const value = cartCookieValue(lines);

    expect(`cart=${value}`.length).toBeLessThanOrEqual(4096);
    expect(cartCookieLines(value)).toEqual(lines);
  });

  it('when a line is no variant id or its units are not 1 to 1,000, then it is left out of the cookie, and past 200 lines the rest too', () => {
    const lines = [
      { variant: 'not-an-id', units: 1 },
      { variant: TEA.toUpperCase(), units: 1 },
      { variant: TEA, units: 0 },
      { variant: TEA, units: 1001 },
      { variant: TEA, units: 1.5 },
      ...Array.from({ length: CART_COOKIE_LINES + 5 }, (_, n) => ({ variant: id(n), units: 2 })),
    ];

    const read = cartCookieLines(cartCookieValue(lines));

    expect(read).toHaveLength(CART_COOKIE_LINES);
    expect(read[0]).toEqual({ variant: id(0), units: 2 });
  });

  it.each([
    ['nothing', undefined],
    ['an empty value', ''],
    ['percent signs', '%%%zz'],
    ['a short id', 'awvZmINlroP1'],
    ['units of 0', 'awvZmINlroP_iaxr0'],
    ['units past 1,000', 'awvZmINlroP_iaxrrt'],
    ['a value longer than 200 lines', 'A'.repeat(20_000)],
  ])('when the cookie holds %s, then it is no line', (_, value) => {
    expect(cartCookieLines(value)).toEqual([]);
  });

  it('when some parts are lines and others not, then the lines are read and the rest skipped', () => {
    const value = `${cartCookieValue([{ variant: TEA, units: 3 }])}.garbage..!!`;

    expect(cartCookieLines(value)).toEqual([{ variant: TEA, units: 3 }]);
  });
});

describe('the shopper name cookie', () => {
  it('when a name is written, then it reads back as it was, accents, spaces and semicolons too', () => {
    const name = 'Zoë; O’Brien = "Ada"';

    const value = shopperNameCookieValue(name);

    expect(value).not.toMatch(/[;\s"=]/);
    expect(shopperNameOf(value)).toBe(name);
  });

  it.each([
    ['nothing', undefined],
    ['a broken escape', '%E0%A4%A'],
    ['blanks only', '%20%20'],
    ['a name past 100 characters', encodeURIComponent('a'.repeat(101))],
  ])('when the cookie holds %s, then it names no one', (_, value) => {
    expect(shopperNameOf(value)).toBeUndefined();
  });

  it('when a name is empty or past 100 characters, then no cookie is written for it', () => {
    expect(shopperNameCookieValue('')).toBeUndefined();
    expect(shopperNameCookieValue('a'.repeat(101))).toBeUndefined();
  });
});
