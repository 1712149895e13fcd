import { describe, expect, it } from 'vitest';
import { changeLines, shownValue } from './audit-changes';

const mug = (price: number, quantity = 5) => ({ _id: 'v1', sku: 'MUG-S', price, quantity });

describe('the audit log’s lines of changes', () => {
  it('when one variant’s price changed, then the line names that variant and field only, and money reads in the currency', () => {
    const before = {
      price: 1050,
      variants: [mug(1050), { ...mug(2000), _id: 'v2', sku: 'MUG-L' }],
    };
    const after = { price: 1416, variants: [mug(1416), { ...mug(2000), _id: 'v2', sku: 'MUG-L' }] };

    const lines = changeLines(before, after);

    expect(lines.map(({ field }) => field)).toEqual(['price', 'variants[MUG-S].price']);
    expect(
      lines.map(({ name, from, to }) => [from, to].map((v) => shownValue(name, v?.value, 'usd'))),
    ).toEqual([
      ['$10.50', '$14.16'],
      ['$10.50', '$14.16'],
    ]);
  });

  it('when a variant is added or removed, then it is one line naming it; a thing made lists its fields', () => {
    const lines = changeLines(
      { variants: [mug(100)] },
      { variants: [{ ...mug(100), _id: 'v2', sku: 'MUG-L' }] },
    );
    expect(lines).toEqual([
      { field: 'variants[MUG-S]', name: 'variants[MUG-S]', from: { value: 'MUG-S' } },
      { field: 'variants[MUG-L]', name: 'variants[MUG-L]', to: { value: 'MUG-L' } },
    ]);
    expect(changeLines(null, { name: 'Mugs' })).toEqual([
      { field: 'name', name: 'name', to: { value: 'Mugs' } },
    ]);
  });

  it('when a value is not money, or no currency is known, then it reads as text or JSON, cut when long', () => {
    expect(shownValue('name', 'Mug', 'usd')).toBe('Mug');
    expect(shownValue('price', 1050, undefined)).toBe('1050');
    expect(shownValue('quantity', 7, 'usd')).toBe('7');
    expect(shownValue('tags', ['a'], 'usd')).toBe('["a"]');
    expect(shownValue('description', 'x'.repeat(200), 'usd')).toHaveLength(120);
  });
});
