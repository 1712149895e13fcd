import { describe, expect, it } from 'vitest';
import {
  PRODUCT_PAGE_SIZE,
  productFiltersRequestSchema,
  productFormSchema,
  productPageParamsSchema,
  productSchema,
  searchParamsSchema,
} from './product.js';
import { searchKeywordOf } from './values.js';

const CATEGORY_ID = '65a1b2c3d4e5f60718293a4b';
const form = (over: Record<string, unknown> = {}) => ({
  name: 'Desk Lamp',
  description: 'A warm light',
  price: '24.5',
  quantity: '3',
  category: CATEGORY_ID,
  shipping: '1',
  ...over,
});
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('productFormSchema', () => {
  it('when every field arrives as multipart text, then numbers and shipping are converted', () => {
    expect(productFormSchema.parse(form())).toEqual({
      name: 'Desk Lamp',
      description: 'A warm light',
      price: 24.5,
      quantity: 3,
      category: CATEGORY_ID,
      shipping: 1,
    });
  });

  it.each([
    ['1', 1],
    ['0', 0],
    ['true', 1],
    ['Yes', 1],
    ['no', 0],
    ['', 0],
  ])('when shipping is "%s", then it becomes %s', (shipping, expected) => {
    expect(productFormSchema.parse(form({ shipping })).shipping).toBe(expected);
  });

  it('when shipping is left out (the update form), then it stays undefined', () => {
    expect(productFormSchema.parse(form({ shipping: undefined })).shipping).toBeUndefined();
  });

  it.each([
    ['no name', 'Name is required', { name: undefined }],
    ['a blank description', 'Description is required', { description: '  ' }],
    ['no price', 'Price is required', { price: undefined }],
    ['a blank price', 'Price is required', { price: ' ' }],
    ['a word as price', 'Price must be a number', { price: 'cheap' }],
    ['an endless price', 'Price must be a number', { price: '1e400' }],
    ['a hexadecimal price', 'Price must be a number', { price: '0x10' }],
    ['a negative price', 'Price must not be negative', { price: '-1' }],
    ['a huge price', 'Price must be at most 1000000', { price: '1000001' }],
    ['a fractional quantity', 'Quantity must be a whole number', { quantity: '1.5' }],
    ['a list as quantity', 'Quantity must be a number', { quantity: ['1', '2'] }],
    ['an operator object as name', 'Name must be text', { name: { $gt: '' } }],
    ['no category', 'Category is required', { category: undefined }],
    ['an empty category', 'Category is required', { category: '' }],
    ['a bad category id', 'must be a valid id', { category: 'books' }],
    ['an object as category', 'Category must be a category id', { category: { $ne: null } }],
    ['an unknown shipping word', 'Shipping must be 0 or 1', { shipping: 'maybe' }],
    ['a list as shipping', 'Shipping must be 0 or 1', { shipping: ['1'] }],
  ])('when the form has %s, then it is rejected with "%s"', (_label, message, over) => {
    expect(firstMessage(productFormSchema.safeParse(form(over)))).toBe(message);
  });
});

describe('productPageParamsSchema', () => {
  it('when the page is a positive whole number, then it becomes a number', () => {
    expect(productPageParamsSchema.parse({ page: '3' })).toEqual({ page: 3 });
  });

  it.each(['0', 'abc', '-1', '1.5', '1e2', ' 2', '0x10', '100001'])(
    'when the page is "%s", then it is rejected',
    (page) => {
      expect(productPageParamsSchema.safeParse({ page }).success).toBe(false);
    },
  );

  it('when the page size is read, then it is six', () => {
    expect(PRODUCT_PAGE_SIZE).toBe(6);
  });
});

describe('productFiltersRequestSchema', () => {
  it('when nothing is sent, then both filters are empty', () => {
    expect(productFiltersRequestSchema.parse({})).toEqual({ checked: [], radio: [] });
  });

  it('when categories and a band are sent, then they are kept', () => {
    expect(productFiltersRequestSchema.parse({ checked: [CATEGORY_ID], radio: [20, 39] })).toEqual({
      checked: [CATEGORY_ID],
      radio: [20, 39],
    });
  });

  it.each([
    ['an operator object in checked', { checked: [{ $gt: '' }] }],
    ['an operator object as checked', { checked: { $ne: null } }],
    ['a bad id in checked', { checked: ['x'] }],
    ['an operator object as radio', { radio: { $gt: 0 } }],
    ['a one-number radio', { radio: [20] }],
    ['a radio of strings', { radio: ['0', '19'] }],
    ['a radio low above high', { radio: [40, 20] }],
  ])('when the body has %s, then it is rejected', (_label, body) => {
    expect(productFiltersRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('searchParamsSchema', () => {
  it('when the keyword has spaces around it, then they are trimmed', () => {
    expect(searchParamsSchema.parse({ keyword: '  lamp ' })).toEqual({ keyword: 'lamp' });
  });

  it('when the keyword is blank or too long, then it is rejected', () => {
    expect(searchParamsSchema.safeParse({ keyword: '  ' }).success).toBe(false);
    expect(searchParamsSchema.safeParse({ keyword: 'x'.repeat(101) }).success).toBe(false);
  });

  it('when the browser checks a keyword without zod (searchKeywordOf), then it keeps and trims exactly what the schema keeps', () => {
    const samples = ['', ' ', '\t\n', 'lamp', '  lamp ', ' \u00a0chair\u2003', 'é'.repeat(100)];
    samples.push('x'.repeat(100), ` ${'x'.repeat(100)} `, 'x'.repeat(101), '😀'.repeat(50));
    samples.push('😀'.repeat(51), '\ufeffmug\ufeff', 'a b');
    for (const text of samples) {
      const parsed = searchParamsSchema.safeParse({ keyword: text });
      expect(searchKeywordOf(text), JSON.stringify(text)).toBe(
        parsed.success ? parsed.data.keyword : undefined,
      );
    }
  });
});

describe('productSchema', () => {
  it('when a response carries photo bytes, then they are not part of the parsed product', () => {
    const product = productSchema.parse({
      _id: CATEGORY_ID,
      name: 'Lamp',
      slug: 'lamp',
      description: 'x',
      price: 1,
      quantity: 1,
      shipping: 0,
      category: null,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      photo: { data: 'AAAA', version: 'abc', width: 4, height: 3, color: '#000000' },
    });
    expect(product.photo).toEqual({ version: 'abc', width: 4, height: 3, color: '#000000' });
    // A payload of an earlier version, without ratings, reads as not rated yet.
    expect(product.rating).toEqual({ average: 0, count: 0 });
  });
});
