import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, parseHash, SCRYPT, verifyPassword } from '~/access/password-hash.server';
import { privatePasswordProblem } from '~/access/private-password.server';

/**
 * The hash the private case studies' password is kept as: scrypt, a salt of
 * its own, its parameters written with it, and slow by those parameters:
 * recomputed here with node:crypto from what the string says, so a string
 * that claimed N = 2^15 while using less would not match.
 */

describe('the password’s hash', () => {
  it('is scrypt with N = 2^15, r = 8, p = 1 and a 16-byte salt, written as a PHC string, never the password', async () => {
    const hash = await hashPassword('paper lantern harbour');
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(hash).not.toContain('paper');
    const parsed = parseHash(hash)!;
    expect(2 ** parsed.ln).toBeGreaterThanOrEqual(2 ** 15);
    expect(parsed.r).toBeGreaterThanOrEqual(8);
    expect(parsed.salt).toHaveLength(16);
    // The same derivation, by node:crypto directly, from the parameters the string records.
    const again = scryptSync('paper lantern harbour', parsed.salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    expect(again.equals(parsed.key)).toBe(true);
    expect(SCRYPT).toEqual({ ln: 15, r: 8, p: 1 });
  });

  it('a new salt each time: the same password twice gives two hashes, each verifying it', async () => {
    const [one, two] = await Promise.all([hashPassword('same words twice'), hashPassword('same words twice')]);
    expect(one).not.toBe(two);
    expect(await verifyPassword('same words twice', one)).toBe(true);
    expect(await verifyPassword('same words twice', two)).toBe(true);
    expect(await verifyPassword('same words twice ', one)).toBe(false);
    expect(await verifyPassword('Same words twice', one)).toBe(false);
    expect(await verifyPassword('', one)).toBe(false);
  });

  it('a hash that is not one, or asks for more than a guess may cost, verifies nothing', async () => {
    const hash = await hashPassword('tampered with');
    for (const bad of [
      '',
      'plain text',
      hash.replace('ln=15', 'ln=30'),
      hash.replace('r=8', 'r=64'),
      hash.replace('ln=15', 'ln=4'),
      hash.slice(0, -10),
      hash.replace('$scrypt$', '$argon2id$'),
    ]) {
      expect(await verifyPassword('tampered with', bad), bad).toBe(false);
    }
  });

  it('what she may set: 8 to 200 characters, no control characters; each refusal says what to do', () => {
    expect(privatePasswordProblem('')).toMatch(/^Type the password/);
    expect(privatePasswordProblem('   ')).toMatch(/^Type the password/);
    expect(privatePasswordProblem('short')).toMatch(/at least 8 characters/);
    expect(privatePasswordProblem('x'.repeat(201))).toMatch(/at most 200 characters/);
    expect(privatePasswordProblem('tab\there fine')).toMatch(/letters, digits, spaces and punctuation/);
    expect(privatePasswordProblem('  eight ch  ')).toBeNull();
    expect(privatePasswordProblem('ünïcödé wörds')).toBeNull();
  });
});
