import { MAX_VARIANTS } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../../test/fixtures';
import { gridFromProduct, type OptionDraft, regrid, type VariantGrid } from './grid';
import { gridProblems, variantsRequest } from './request';

/** What the grid is told first, or null when nothing is wrong. */
const firstProblem = (grid: VariantGrid) => gridProblems(grid)[0]?.message ?? null;

const shirt = makeProduct('Shirt', { price: 15, quantity: 4 });
const option = (name: string, values: string[]): OptionDraft => ({ id: name, name, values });

/** The shirt's grid after the admin listed these options. */
const gridWith = (...options: OptionDraft[]) => regrid(gridFromProduct(shirt), options, shirt);

const editRow = (grid: VariantGrid, index: number, patch: object): VariantGrid => ({
  ...grid,
  rows: grid.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
});

describe('the variants request', () => {
  it('when the grid is sent, then options go by name, only kept rows are variants, and saved ones carry their id and the stock they were opened with', () => {
    const product = {
      ...shirt,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          _id: 'a'.repeat(24),
          sku: 'SHIRT-S',
          options: { Size: 'S' },
          price: 15,
          quantity: 4,
          weight: 0,
          taxClass: 'standard',
          photo: null,
        },
      ],
    };
    const opened = gridFromProduct(product);
    const grid = editRow(editRow(opened, 1, { keep: true, quantity: '6', price: '16.5' }), 0, {
      quantity: '3',
    });

    expect(variantsRequest(grid)).toEqual({
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          _id: 'a'.repeat(24),
          sku: 'SHIRT-S',
          options: { Size: 'S' },
          price: 15,
          quantity: 3,
          previousQuantity: 4,
        },
        { sku: 'SHIRT-M', options: { Size: 'M' }, price: 16.5, quantity: 6 },
      ],
    });
    expect(variantsRequest(editRow(grid, 1, { keep: false })).variants).toHaveLength(1);
    expect(firstProblem(grid)).toBeNull();
  });

  it("when a saved variant's weight and class are left as opened, then neither is sent (the server keeps its own); changed, they are; blanked, null gives it back to the product", () => {
    const variant = (size: string, own: { weight: number; taxClass: string }) => ({
      _id: (size === 'S' ? 'a' : 'b').repeat(24),
      sku: `SHIRT-${size}`,
      options: { Size: size },
      price: 15,
      quantity: 4,
      ...own,
      photo: null,
    });
    const product = {
      ...shirt,
      weight: 200,
      taxClass: 'standard',
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        variant('S', { weight: 200, taxClass: 'standard' }),
        variant('M', { weight: 450, taxClass: 'zero' }),
      ],
    };
    const opened = gridFromProduct(product);
    const own = (grid: VariantGrid) =>
      variantsRequest(grid).variants.map(({ sku, weight, taxClass }) => ({
        sku,
        weight,
        taxClass,
      }));

    expect(own(opened)).toEqual([
      { sku: 'SHIRT-S', weight: undefined, taxClass: undefined },
      { sku: 'SHIRT-M', weight: undefined, taxClass: undefined },
    ]);
    expect(variantsRequest(opened).variants.every((v) => !('weight' in v || 'taxClass' in v))).toBe(
      true,
    );

    const edited = editRow(
      editRow(editRow(opened, 0, { weight: ' 250 ', taxClass: 'reduced' }), 1, {
        weight: '',
        taxClass: 'zero',
      }),
      2,
      { keep: true, weight: '90' },
    );
    expect(own(edited)).toEqual([
      { sku: 'SHIRT-S', weight: 250, taxClass: 'reduced' },
      { sku: 'SHIRT-M', weight: null, taxClass: undefined },
      { sku: 'SHIRT-L', weight: 90, taxClass: undefined },
    ]);
    expect(firstProblem(edited)).toBeNull();
    expect(firstProblem(editRow(edited, 2, { weight: '2.5' }))).toBe(
      'L: Weight must be a whole number of grams',
    );
  });

  it('when an option has no values, then the schema says so by its name', () => {
    expect(firstProblem(gridWith(option('Size', ['S']), option('Colour', [])))).toBe(
      'Option Colour has no values',
    );
  });

  it('when two rows have one SKU (in any case), then it is refused before sending', () => {
    const grid = gridWith(option('Size', ['S', 'M']));
    expect(firstProblem(editRow(grid, 1, { sku: 'shirt-s' }))).toBe(
      'M: Two variants have the same SKU',
    );
  });

  it('when several cells are wrong, then each is a problem at its cell, dropped rows counted in its place', () => {
    const grid = gridWith(option('Size', ['S', 'M', 'L']));
    const edited = editRow(editRow(editRow(grid, 0, { keep: false }), 1, { price: '' }), 2, {
      quantity: '-1',
    });
    expect(gridProblems(edited)).toEqual([
      { field: 'rows.1.price', message: 'M: Price must be a number' },
      { field: 'rows.2.quantity', message: 'L: Quantity must not be negative' },
    ]);
  });

  it('when a field of a row is wrong, then the message names the row', () => {
    const grid = gridWith(option('Size', ['S', 'M']), option('Colour', ['Black']));
    expect(firstProblem(editRow(grid, 1, { price: '' }))).toBe('M / Black: Price must be a number');
    expect(firstProblem(editRow(grid, 0, { quantity: '-1' }))).toBe(
      'S / Black: Quantity must not be negative',
    );
    expect(firstProblem(editRow(grid, 0, { quantity: '1.5' }))).toBe(
      'S / Black: Quantity must be a whole number',
    );
    expect(firstProblem(editRow(grid, 0, { sku: 'S BLACK' }))).toBe(
      'S / Black: SKU may hold only letters, digits and . _ / -',
    );
  });

  it('when there are more than 3 options, more than 20 values or more than 100 variants, then the limit is said', () => {
    const four = gridWith(
      option('A', ['1']),
      option('B', ['1']),
      option('C', ['1']),
      option('D', ['1']),
    );
    expect(firstProblem(four)).toBe('A product has at most 3 options');

    const values = Array.from({ length: 21 }, (_, i) => `V${i}`);
    expect(firstProblem(gridWith(option('Size', values)))).toBe('An option has at most 20 values');

    const many = gridWith(
      option('Size', values.slice(0, 11)),
      option('Colour', values.slice(0, 10)),
    );
    expect(many.rows).toHaveLength(110);
    expect(firstProblem(many)).toBe(`A product has at most ${MAX_VARIANTS} variants`);
  });

  it('when every row is dropped or an option is unnamed, then that is what is said', () => {
    const grid = gridWith(option('Size', ['S']));
    expect(firstProblem(editRow(grid, 0, { keep: false }))).toBe(
      'A product needs at least one variant',
    );
    expect(firstProblem(gridWith({ id: 'x', name: ' ', values: ['S'] }))).toBe(
      'Option name is required',
    );
  });
});
