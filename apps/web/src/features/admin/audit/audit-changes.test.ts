import { describe, expect, it } from 'vitest';
import { changeLines, shownChange, shownValue } from './audit-changes';

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
    expect(shownValue('rate', { kind: 'flat' }, 'usd')).toBe('{"kind":"flat"}');
    expect(shownValue('description', 'x'.repeat(200), 'usd')).toHaveLength(120);
  });

  it('when a list of plain values gains and loses items, then one line names what came and what went', () => {
    const europe = (countries: string[]) => ({ zones: [{ _id: 'z1', name: 'Europe', countries }] });

    const [line, ...more] = changeLines(europe(['DE', 'AT']), europe(['AT', 'FR']));

    expect(more).toEqual([]);
    expect(line?.field).toBe('zones[Europe].countries');
    expect(line && shownChange(line, 'usd', true)).toBe('+FR, −DE');
    expect(changeLines({ roles: ['catalogue'] }, { roles: ['catalogue', 'support'] })).toEqual([
      { field: 'roles', name: 'roles', listed: { added: ['support'], removed: [] } },
    ]);
  });

  it('when a list of plain values is only reordered, made or emptied, then it reads as a, b, c', () => {
    const size = (values: string[]) => ({ options: [{ name: 'Size', values }] });
    const read = (before: Record<string, unknown> | null, after: Record<string, unknown>) =>
      changeLines(before, after).map((line) => `${line.field}: ${shownChange(line, 'usd', true)}`);

    expect(read(size(['S', 'M']), size(['M', 'S']))).toEqual(['options[Size].values: S, M → M, S']);
    expect(read(null, { countries: ['FR', 'DE'] })).toEqual(['countries: FR, DE']);
    expect(read({ countries: ['FR'] }, { countries: [] })).toEqual(['countries: −FR']);
    expect(read({}, { countries: [] })).toEqual(['countries: none']);
  });

  it('when things of a list are named, then each is diffed by its name, field by field, inside things too', () => {
    const zone = (price: number, minDays: number) => ({
      zones: [
        {
          _id: 'z1',
          name: 'Europe',
          methods: [{ _id: 'm1', name: 'Standard', rate: { kind: 'flat', price }, minDays }],
        },
      ],
    });

    const lines = changeLines(zone(500, 2), zone(600, 3));

    expect(lines.map((line) => `${line.field}: ${shownChange(line, 'usd', true)}`)).toEqual([
      'zones[Europe].methods[Standard].rate.price: $5.00 → $6.00',
      'zones[Europe].methods[Standard].minDays: 2 → 3',
    ]);
  });

  it('when a name is shared by two items, then the next key that names each once is used (an order’s items by SKU)', () => {
    const items = (large: number) => ({
      items: [
        { _id: 'i1', name: 'Mug', sku: 'MUG-S', quantity: 1 },
        { _id: 'i2', name: 'Mug', sku: 'MUG-L', quantity: large },
      ],
    });

    expect(changeLines(items(1), items(2)).map(({ field }) => field)).toEqual([
      'items[MUG-L].quantity',
    ]);
  });

  it('when nothing names the items once (a tax class’s rates share a country), then they go by position, and one added lists its fields', () => {
    const de = [
      { country: 'DE', class: 'standard', rate: 1900 },
      { country: 'DE', class: 'reduced', rate: 700 },
    ];
    const before = { rates: de };
    const after = {
      rates: [de[0], { ...de[1], rate: 800 }, { country: 'FR', class: 'standard', rate: 2000 }],
    };

    const lines = changeLines(before, after);

    expect(lines.map((line) => `${line.field}: ${shownChange(line, 'usd', true)}`)).toEqual([
      'rates[1].rate: 700 → 800',
      'rates[2].country: FR',
      'rates[2].class: standard',
      'rates[2].rate: 2000',
    ]);
  });

  it('when an item named only by its id is added or removed, then its fields say what it was, gone while the thing is kept', () => {
    const refund = { _id: 'r1', amount: 500, reason: 'Broken' };

    const made = changeLines({ refunds: [] }, { refunds: [refund] });
    const gone = changeLines({ refunds: [refund] }, { refunds: [] });

    expect(made.map((line) => `${line.field}: ${shownChange(line, 'eur', true)}`)).toEqual([
      'refunds[r1].amount: €5.00',
      'refunds[r1].reason: Broken',
    ]);
    expect(gone.map((line) => shownChange(line, 'eur', true))).toContain('€5.00 (gone)');
    expect(gone.map((line) => shownChange(line, 'eur', false))).toContain('€5.00');
  });
});
