import { describe, expect, it } from 'vitest';
import { RowList } from './row-list.js';

const entry = (row: number, column = '') => ({ row, column });

describe('a job list kept to its cap', () => {
  it('when more entries come than it keeps, then it keeps the first rows and counts them all', () => {
    const list = new RowList<ReturnType<typeof entry>>(3);
    list.push(entry(7), entry(2), entry(9));
    list.push(entry(4), entry(1));
    expect(list.entries.map((e) => e.row)).toEqual([1, 2, 4]);
    expect(list.count).toBe(5);
  });

  it('when one row has several entries, then they stay in the order they came', () => {
    const list = new RowList<ReturnType<typeof entry>>(3);
    list.push(entry(5, 'price'), entry(3, 'sku'), entry(5, 'quantity'), entry(5, 'weight'));
    expect(list.entries).toEqual([entry(3, 'sku'), entry(5, 'price'), entry(5, 'quantity')]);
  });

  it('when an entry comes after a full list of earlier rows, then the list is unchanged', () => {
    const list = new RowList<ReturnType<typeof entry>>(2);
    list.push(entry(1), entry(2));
    const version = list.changedAt;
    list.push(entry(3));
    expect(list.changedAt).toBe(version);
    list.push(entry(0));
    expect(list.changedAt).not.toBe(version);
  });
});
