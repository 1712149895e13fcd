import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret, useSecretsKey } from './sealed-secrets.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealed two-factor secrets', () => {
  it('when a secret is sealed, then the stored text does not contain it, is the same each time, and opens to it', () => {
    useSecretsKey('the shop key');
    const sealed = sealSecret(SECRET);

    expect(sealed).not.toContain(SECRET);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(SECRET)).toBe(false);
    expect(sealSecret(SECRET)).toBe(sealed);
    expect(sealSecret(`${SECRET}A`)).not.toBe(sealed);
    expect(openSecret(sealed)).toBe(SECRET);
  });

  it('when another key opens it, or a part of it was changed, or it is no sealed text, then it does not open', () => {
    useSecretsKey('the shop key');
    const sealed = sealSecret(SECRET);
    const [version, nonce, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = (part: string) =>
      Buffer.from(part, 'base64url').map((byte, i) => (i === 0 ? byte ^ 1 : byte));
    const changed = (i: number) =>
      [version, nonce, body, tag]
        .map((part, j) => (j === i ? Buffer.from(flipped(part)).toString('base64url') : part))
        .join('.');

    for (const i of [1, 2, 3]) expect(openSecret(changed(i)), `part ${i}`).toBeNull();
    expect(openSecret(`${version}.${nonce}.${body}.${tag.slice(0, 8)}`)).toBeNull();
    for (const text of [SECRET, '', 'v1.', 'v1.a.b', `${sealed}.x`, `v2.${nonce}.${body}.${tag}`]) {
      expect(openSecret(text), text).toBeNull();
    }

    useSecretsKey('another key');
    expect(openSecret(sealed)).toBeNull();
  });
});
