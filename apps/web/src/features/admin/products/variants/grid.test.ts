import type { Product } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { makeProduct, newId } from '../../../../test/fixtures';
import {
  gridFromProduct,
  type OptionDraft,
  pricedPerVariant,
  regrid,
  setForSelected,
  suggestSku,
  type VariantGrid,
} from './grid';

const tee = makeProduct('Tee', { price: 20, quantity: 10 });

/** A T-shirt sold in S and M, Black and White, without M / White. */
function teeInVariants(): Product {
  const options = [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Black', 'White'] },
  ];
  const variant = (size: string, colour: string, quantity: number) => ({
    _id: newId(),
    sku: `TEE-${size}-${colour}`.toUpperCase(),
    options: { Size: size, Colour: colour },
    price: size === 'M' ? 22 : 20,
    quantity,
    weight: 0,
    taxClass: 'standard',
    photo: null,
  });
  const variants = [variant('S', 'Black', 3), variant('S', 'White', 0), variant('M', 'Black', 5)];
  return { ...tee, options, variants, quantity: 8 };
}

const option = (name: string, values: string[], id = name): OptionDraft => ({ id, name, values });

/** Each row by its label-like values, with what the tests look at. */
const summary = (grid: VariantGrid) =>
  grid.rows.map((row) => ({
    values: grid.options.flatMap((o) => row.values[o.id] ?? []).join('/'),
    id: row._id,
    keep: row.keep,
    sku: row.sku,
    price: row.price,
    quantity: row.quantity,
  }));

describe('the variants grid', () => {
  it('when a product sold in variants opens, then every combination is a row: its variants kept with their ids and stock, the missing one unticked', () => {
    const product = teeInVariants();
    const grid = gridFromProduct(product);
    const [sBlack, sWhite, mBlack] = product.variants;

    expect(summary(grid)).toEqual([
      {
        values: 'S/Black',
        id: sBlack?._id,
        keep: true,
        sku: 'TEE-S-BLACK',
        price: '20',
        quantity: '3',
      },
      {
        values: 'S/White',
        id: sWhite?._id,
        keep: true,
        sku: 'TEE-S-WHITE',
        price: '20',
        quantity: '0',
      },
      {
        values: 'M/Black',
        id: mBlack?._id,
        keep: true,
        sku: 'TEE-M-BLACK',
        price: '22',
        quantity: '5',
      },
      {
        values: 'M/White',
        id: undefined,
        keep: false,
        sku: 'TEE-M-WHITE',
        price: '20',
        quantity: '0',
      },
    ]);
    expect(grid.rows.map((row) => row.previousQuantity)).toEqual([3, 0, 5, undefined]);
  });

  it('when a value is added, then the rows there were keep their ids and edits and the new combinations are new rows with a suggested SKU', () => {
    const product = teeInVariants();
    const opened = gridFromProduct(product);
    const edited = {
      ...opened,
      rows: opened.rows.map((r, i) => (i === 0 ? { ...r, quantity: '9' } : r)),
    };
    const [size, colour] = edited.options as [OptionDraft, OptionDraft];

    const grid = regrid(edited, [size, { ...colour, values: [...colour.values, 'Red'] }], product);

    expect(
      summary(grid).map(({ values, id, quantity, sku }) => ({ values, id, quantity, sku })),
    ).toEqual([
      { values: 'S/Black', id: product.variants[0]?._id, quantity: '9', sku: 'TEE-S-BLACK' },
      { values: 'S/White', id: product.variants[1]?._id, quantity: '0', sku: 'TEE-S-WHITE' },
      { values: 'S/Red', id: undefined, quantity: '0', sku: 'TEE-S-RED' },
      { values: 'M/Black', id: product.variants[2]?._id, quantity: '5', sku: 'TEE-M-BLACK' },
      { values: 'M/White', id: undefined, quantity: '0', sku: 'TEE-M-WHITE' },
      { values: 'M/Red', id: undefined, quantity: '0', sku: 'TEE-M-RED' },
    ]);
  });

  it('when a value is removed, then its combinations go and the others keep their rows; renaming an option keeps them all', () => {
    const product = teeInVariants();
    const opened = gridFromProduct(product);
    const [size, colour] = opened.options as [OptionDraft, OptionDraft];

    const withoutWhite = regrid(opened, [size, { ...colour, values: ['Black'] }], product);
    expect(summary(withoutWhite).map((r) => [r.values, r.id])).toEqual([
      ['S/Black', product.variants[0]?._id],
      ['M/Black', product.variants[2]?._id],
    ]);

    const renamed = regrid(opened, [{ ...size, name: 'Taille' }, colour], product);
    expect(renamed.rows.map((r) => r._id)).toEqual(opened.rows.map((r) => r._id));
  });

  it('when an option is added to variants, then each row carries over to its first value; when a product without options gets its first, its own variant does not', () => {
    const product = teeInVariants();
    const opened = gridFromProduct(product);
    const fit = option('Fit', ['Slim', 'Loose']);

    const withFit = regrid(opened, [...opened.options, fit], product);
    expect(
      summary(withFit)
        .filter((r) => r.id)
        .map((r) => [r.values, r.sku]),
    ).toEqual([
      ['S/Black/Slim', 'TEE-S-BLACK-SLIM'],
      ['S/White/Slim', 'TEE-S-WHITE-SLIM'],
      ['M/Black/Slim', 'TEE-M-BLACK-SLIM'],
    ]);
    expect(withFit.rows).toHaveLength(8);

    const simple = gridFromProduct(tee);
    expect(summary(simple)).toEqual([
      { values: '', id: tee._id, keep: true, sku: 'tee', price: '20', quantity: '10' },
    ]);
    const sized = regrid(simple, [option('Size', ['S', 'M'])], tee);
    expect(summary(sized)).toEqual([
      { values: 'S', id: undefined, keep: true, sku: 'TEE-S', price: '20', quantity: '0' },
      { values: 'M', id: undefined, keep: true, sku: 'TEE-M', price: '20', quantity: '0' },
    ]);
  });

  it('when an option has no values yet, then it changes no row; a SKU the admin typed stays as typed', () => {
    const product = teeInVariants();
    const opened = gridFromProduct(product);
    const typed = {
      ...opened,
      rows: opened.rows.map((r, i) => (i === 0 ? { ...r, sku: 'MY-OWN' } : r)),
    };

    const grid = regrid(typed, [...typed.options, option('Fit', [])], product);
    expect(grid.rows).toEqual(typed.rows);

    const slim = regrid(grid, [...typed.options, option('Fit', ['Slim'])], product);
    expect(slim.rows.map((r) => r.sku)).toEqual([
      'MY-OWN',
      'TEE-S-WHITE-SLIM',
      'TEE-M-BLACK-SLIM',
      'TEE-M-WHITE-SLIM',
    ]);
  });

  it("when a variant weighs or is taxed other than its product, then its row shows its own; the others are blank (the product's), and an options change carries them", () => {
    const product = { ...teeInVariants(), weight: 300, taxClass: 'reduced' };
    const [sBlack, sWhite, mBlack] = product.variants as [
      Product['variants'][number],
      Product['variants'][number],
      Product['variants'][number],
    ];
    const withOwn = {
      ...product,
      variants: [
        { ...sBlack, weight: 300, taxClass: 'reduced' },
        { ...sWhite, weight: 450, taxClass: 'reduced' },
        { ...mBlack, weight: 300, taxClass: 'zero' },
      ],
    };

    const opened = gridFromProduct(withOwn);
    const own = (grid: VariantGrid) => grid.rows.map((row) => [row.weight, row.taxClass]);
    expect(own(opened)).toEqual([
      ['', ''],
      ['450', ''],
      ['', 'zero'],
      ['', ''],
    ]);
    expect(opened.rows.map((row) => row.openedOwn)).toEqual([
      { weight: '', taxClass: '' },
      { weight: '450', taxClass: '' },
      { weight: '', taxClass: 'zero' },
      undefined,
    ]);

    const [size, colour] = opened.options as [OptionDraft, OptionDraft];
    const withRed = regrid(
      opened,
      [size, { ...colour, values: ['Red', 'White', 'Black'] }],
      withOwn,
    );
    expect(own(withRed)).toEqual([
      ['', ''],
      ['450', ''],
      ['', ''],
      ['', ''],
      ['', ''],
      ['', 'zero'],
    ]);
  });

  it('when price and stock are set for the selected rows, then only those change, and a blank leaves its field', () => {
    const rows = gridFromProduct(teeInVariants()).rows.map((r, i) => ({ ...r, selected: i !== 1 }));

    const priced = setForSelected(rows, { price: ' 30 ', quantity: '' });
    expect(priced.map((r) => [r.price, r.quantity])).toEqual([
      ['30', '3'],
      ['20', '0'],
      ['30', '5'],
      ['30', '0'],
    ]);
    expect(setForSelected(priced, { price: '', quantity: '7' }).map((r) => r.quantity)).toEqual([
      '7',
      '0',
      '7',
      '7',
    ]);
  });

  it('when a SKU is suggested, then it is the slug and values upper-cased, with what a SKU may not hold turned into dashes', () => {
    expect(suggestSku('linen-shirt', ['XL', 'Sky blue'])).toBe('LINEN-SHIRT-XL-SKY-BLUE');
    expect(suggestSku('mug', ['12 oz', 'Crème & co'])).toBe('MUG-12-OZ-CR-ME-CO');
    expect(suggestSku('a', ['x'.repeat(80)])).toHaveLength(64);
  });

  it('when a product is one variant of its own id, then it is not priced per variant; otherwise it is', () => {
    expect(pricedPerVariant(tee)).toBe(false);
    expect(pricedPerVariant(teeInVariants())).toBe(true);
  });
});
