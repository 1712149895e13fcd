import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { imageBytes } from '../../test/catalogue.js';
import { photoEtag, sniffImageType } from './photo.js';

const text = (s: string) => Buffer.from(s, 'utf8');

describe('sniffImageType', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('when the bytes are a real %s image, then its type is %s', async (format, type) => {
    expect(sniffImageType(await imageBytes(format))).toBe(type);
  });

  it('when a GIF has the older 87a header, then it is still a GIF', () => {
    expect(sniffImageType(text('GIF87a\x01\x00\x01\x00'))).toBe('image/gif');
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['plain text', text('hello, this is not a picture')],
    ['an SVG (may carry script)', text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', text('<!doctype html><script>alert(1)</script>')],
    ['a PDF', text('%PDF-1.7\n')],
    ['a RIFF that is not WebP (WAV)', text('RIFF\x24\x00\x00\x00WAVEfmt ')],
    ['a cut-off PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ['two JPEG bytes only', Buffer.from([0xff, 0xd8])],
  ])('when the bytes are %s, then they are not an image', (_label, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});

describe('photoEtag', () => {
  it('when bytes are hashed, then the etag is their SHA-256 in hex and changes with them', () => {
    const bytes = text('abc');
    expect(photoEtag(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(photoEtag(text('abd'))).not.toBe(photoEtag(bytes));
  });
});
