import { describe, expect, it } from 'vitest';
import {
  photoRenditionUrl,
  photoSrcSet,
  productPhotoQuerySchema,
  productPhotoUrl,
} from './photo.js';

const ID = '65a1b2c3d4e5f60718293a4b';
const VERSION = 'a'.repeat(64);
const photo = (width: number) => ({ version: VERSION, width, height: 300, color: '#102030' });
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('photo URLs', () => {
  it('when a rendition is asked for, then its URL names the version and the width', () => {
    expect(photoRenditionUrl(ID, photo(2000), 640)).toBe(
      `/api/v1/product/product-photo/${ID}?v=${VERSION}&w=640`,
    );
  });

  it('when the original is wide, then the srcset offers every width', () => {
    const url = productPhotoUrl(ID);
    expect(photoSrcSet(ID, photo(2000))).toBe(
      [320, 640, 960].map((w) => `${url}?v=${VERSION}&w=${w} ${w}w`).join(', '),
    );
  });

  it('when the original is narrow, then each real width is offered once, never upscaled', () => {
    const url = productPhotoUrl(ID);
    expect(photoSrcSet(ID, photo(400))).toBe(
      `${url}?v=${VERSION}&w=320 320w, ${url}?v=${VERSION}&w=640 400w`,
    );
  });
});

describe('productPhotoQuerySchema', () => {
  it('when nothing or both v and w come, then they are read', () => {
    expect(productPhotoQuerySchema.parse({})).toEqual({});
    expect(productPhotoQuerySchema.parse({ v: VERSION, w: '320' })).toEqual({ v: VERSION, w: 320 });
  });

  it.each([
    [{ v: VERSION, w: '300' }, 'w must be one of 320, 640, 960'],
    [{ v: 'xyz', w: '320' }, 'v must be a photo version'],
    [{ w: '320' }, 'v and w go together'],
    [{ v: VERSION, w: ['320', '640'] }, 'Invalid input: expected string, received array'],
  ])('when the query is %j, then it is refused: %s', (query, message) => {
    expect(firstMessage(productPhotoQuerySchema.safeParse(query))).toBe(message);
  });
});
