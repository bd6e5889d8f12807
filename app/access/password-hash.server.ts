import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * A password kept as a slow salted hash: scrypt (node:crypto), a random
 * 16-byte salt per password, and its parameters written with it in the PHC
 * string format, `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64 without
 * padding), so a later change of parameters still reads the old ones.
 *
 * N = 2^15, r = 8, p = 1 is OWASP's minimum for scrypt: 32 MiB of memory
 * a try, so guessing offline from a copy of the database is slow. scrypt
 * runs on libuv's thread pool, never on the request's thread.
 */

export const SCRYPT = { ln: 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

/** What a stored hash may ask for: a tampered row must not make a guess cost a gigabyte. */
const LIMITS = { ln: [14, 20], r: [1, 16], p: [1, 4] } as const;

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function derive(password: string, salt: Buffer, { ln, r, p }: { ln: number; r: number; p: number }, length: number): Promise<Buffer> {
  const N = 2 ** ln;
  // scrypt's own memory is 128·N·r·p bytes; Node refuses above maxmem (32 MiB by default, exactly what N = 2^15 needs).
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT, HASH_BYTES);
  return `$scrypt$ln=${SCRYPT.ln},r=${SCRYPT.r},p=${SCRYPT.p}$${b64(salt)}$${b64(key)}`;
}

type Parsed = { ln: number; r: number; p: number; salt: Buffer; key: Buffer };

export function parseHash(stored: string): Parsed | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]{16,64})\$([A-Za-z0-9+/]{32,128})$/.exec(stored);
  if (!match) return null;
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const within = (value: number, [low, high]: readonly [number, number]) => value >= low && value <= high;
  if (!within(ln, LIMITS.ln) || !within(r, LIMITS.r) || !within(p, LIMITS.p)) return null;
  return { ln, r, p, salt: Buffer.from(match[4] ?? '', 'base64'), key: Buffer.from(match[5] ?? '', 'base64') };
}

/** True when `given` is the password `stored` was made from; false for anything else, an unreadable hash included. */
export async function verifyPassword(given: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  // Only a whole key: scrypt's shorter outputs are prefixes of its longer ones, so a cut one would still match.
  if (!parsed || parsed.key.length !== HASH_BYTES || parsed.salt.length < SALT_BYTES) return false;
  const key = await derive(given, parsed.salt, parsed, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}
