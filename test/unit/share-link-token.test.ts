import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIdFromToken, linkToken, newLinkId } from '~/access/share-link-token.server';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
let secretBefore: string | undefined;

beforeAll(() => {
  secretBefore = process.env.SESSION_SECRET;
  process.env.SESSION_SECRET = 'a-test-secret-long-enough-to-count-as-one-0123456789';
});

afterAll(() => {
  if (secretBefore === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = secretBefore;
});

describe('a share link’s token has one spelling', () => {
  it('its own spelling opens the link; the three that differ only in the 2 spare bits of the last character do not', () => {
    for (let i = 0; i < 20; i++) {
      const id = newLinkId();
      const token = linkToken(id)!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(linkIdFromToken(token)).toBe(id);
      const last = ALPHABET.indexOf(token.at(-1)!);
      // The last character holds 4 bits of the MAC and 2 spare bits (43 × 6 = 258 = 256 + 2).
      expect(last & 0b11).toBe(0);
      for (const spare of [1, 2, 3]) expect(linkIdFromToken(`${token.slice(0, -1)}${ALPHABET[last | spare]}`)).toBeNull();
    }
  });

  it('anything mangled or forged is refused', () => {
    const token = linkToken(newLinkId())!;
    expect(linkIdFromToken(`${token.slice(0, -2)}${token.at(-1)}${token.at(-2)}`)).toBeNull();
    expect(linkIdFromToken(token.slice(1))).toBeNull();
    expect(linkIdFromToken(`${token}=`)).toBeNull();
    expect(linkIdFromToken(token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toBeNull();
  });
});
