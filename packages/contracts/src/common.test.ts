import { describe, expect, it } from 'vitest';
import { categoryRequestSchema } from './category.js';
import { idParamsSchema, objectIdSchema, requiredText, slugParamsSchema } from './common.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('objectIdSchema', () => {
  it('when the id is 24 hex digits in either case, then it is accepted', () => {
    expect(objectIdSchema.parse('65a1b2c3d4e5f60718293a4b')).toBe('65a1b2c3d4e5f60718293a4b');
    expect(objectIdSchema.safeParse('65A1B2C3D4E5F60718293A4B').success).toBe(true);
  });

  it.each([
    ['too short', '65a1b2c3'],
    ['too long', '65a1b2c3d4e5f60718293a4b0'],
    ['not hex', '65a1b2c3d4e5f60718293a4z'],
    ['12 bytes of text that Mongo would also take as an id', 'abcdefghijkl'],
    ['an operator object', { $gt: '' }],
    ['a number', 12],
  ])('when the id is %s, then it is rejected', (_label, input) => {
    expect(objectIdSchema.safeParse(input).success).toBe(false);
  });

  it('when the id params carry a bad id, then the message says so', () => {
    expect(firstMessage(idParamsSchema.safeParse({ id: 'nope' }))).toBe('must be a valid id');
  });
});

describe('requiredText', () => {
  const name = requiredText('Name', 10);

  it('when the text has spaces around it, then they are trimmed', () => {
    expect(name.parse('  Lamp  ')).toBe('Lamp');
  });

  it.each([
    ['missing', 'Name is required', undefined],
    ['blank', 'Name is required', '   '],
    ['an operator object', 'Name must be text', { $gt: '' }],
    ['a list', 'Name must be text', ['a', 'b']],
    ['too long', 'Name must be at most 10 characters', 'x'.repeat(11)],
  ])('when the value is %s, then the message is "%s"', (_label, message, input) => {
    expect(firstMessage(name.safeParse(input))).toBe(message);
  });
});

describe('categoryRequestSchema', () => {
  it('when the name is given, then it is trimmed; when empty, then it is required', () => {
    expect(categoryRequestSchema.parse({ name: ' Books ' })).toEqual({ name: 'Books' });
    expect(firstMessage(categoryRequestSchema.safeParse({ name: '' }))).toBe('Name is required');
  });
});

describe('slugParamsSchema', () => {
  it('when the slug is blank, then it is rejected', () => {
    expect(slugParamsSchema.safeParse({ slug: ' ' }).success).toBe(false);
    expect(slugParamsSchema.parse({ slug: 'desk-lamp' })).toEqual({ slug: 'desk-lamp' });
  });
});
