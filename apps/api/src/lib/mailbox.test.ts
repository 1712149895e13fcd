import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.js';

describe('the mailbox an address reaches', () => {
  it.each([
    ['X@Example.com', 'x@example.com'],
    ['  x@example.com ', 'x@example.com'],
    ['x+1@example.com', 'x@example.com'],
    ['x+again+more@example.com', 'x@example.com'],
    ['P.X@gmail.com', 'px@gmail.com'],
    ['p.x+news@googlemail.com', 'px@gmail.com'],
  ])('when the address is %s, then the mailbox is %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it('when a provider may give dots a meaning, then p.x and px stay two mailboxes', () => {
    expect(mailboxOf('p.x@example.com')).not.toBe(mailboxOf('px@example.com'));
  });

  it('when the local part starts with +, then it is kept (no tag to drop)', () => {
    expect(mailboxOf('+x@example.com')).toBe('+x@example.com');
  });
});
