import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_MEDIA_DIR } from '~/access/private-media.server';
import { passwordFromSettings, UNLOCK_COOKIE, unlockCookie } from '~/access/private-access.server';
import { ROOT } from './content';
import { must } from '../must';

/**
 * The private fixture case study (test/fixtures/case-studies/private-demo.mdx)
 * and what must never reach a visitor who has not unlocked it.
 */
export const PRIVATE_SLUG = 'private-demo';
export const PRIVATE_PATH = `/case-study/${PRIVATE_SLUG}`;
export const PASSWORD = 'correct horse battery staple';
export const SESSION_SECRET = 'test-session-secret-for-private-case-studies';
export const PRIVATE_ENV = { PRIVATE_CASE_STUDY_PASSWORD: PASSWORD, SESSION_SECRET };

/** Text that is only in the private story or its page fields (the card's fields are public). */
export const PRIVATE_TEXT = [
  'Halcyon',
  'Quillfeather',
  'Treasury Operations',
  'Confidential summary',
  'Nightly reconciliation',
  '-62%',
  '/private-media/',
];

/** The private story's media as built: names and bytes. */
export async function privateMediaFiles(): Promise<{ name: string; bytes: Buffer }[]> {
  const dir = path.join(ROOT, PRIVATE_MEDIA_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(dir, name)) })));
}

/** What in `body` gives the private case study away, if anything. */
export function leaks(body: string | Buffer, media: { name: string; bytes: Buffer }[]): string[] {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const found = PRIVATE_TEXT.filter((secret) => text.includes(secret));
  for (const file of media) {
    if (text.includes(file.name)) found.push(`media name ${file.name}`);
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    // A run from the middle of the file: the bytes themselves, however they were renamed.
    const sample = file.bytes.subarray(Math.floor(file.bytes.length / 2), Math.floor(file.bytes.length / 2) + 64);
    if (sample.length === 64 && bytes.includes(sample)) found.push(`media bytes of ${file.name}`);
  }
  return found;
}

/** Runs `make` with the process environment set as given, then restores it. */
function withEnv<T>(env: Record<string, string>, make: () => T): T {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return make();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

const cookiePair = (setCookie: string | null) =>
  must(must(setCookie, 'a Set-Cookie header').split(';')[0], 'a cookie in the Set-Cookie header');

/** The unlock cookie signed under the environment as it is now (the password from the settings), at `now`. */
const cookieNow = (now = Date.now()) =>
  cookiePair(unlockCookie(new Request('http://localhost/'), must(passwordFromSettings(), 'a password in the environment'), now));

/** A valid unlock cookie for the fixture's password and secret. */
export function validCookie(): string {
  return withEnv(PRIVATE_ENV, () => cookieNow());
}

/** The cookies that must not unlock anything. */
export function badCookies(): Record<string, string> {
  const day = 24 * 60 * 60 * 1000;
  return {
    'no cookie': '',
    'a forged cookie': `${UNLOCK_COOKIE}=${Date.now() + day}.${'A'.repeat(43)}`,
    'an expired cookie': withEnv(PRIVATE_ENV, () => cookieNow(Date.now() - 31 * day)),
    'a cookie signed with another secret': withEnv({ ...PRIVATE_ENV, SESSION_SECRET: 'another-secret' }, () => cookieNow()),
    'a cookie for an old password': withEnv({ ...PRIVATE_ENV, PRIVATE_CASE_STUDY_PASSWORD: 'the old password' }, () => cookieNow()),
  };
}
