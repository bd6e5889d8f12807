import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentPrivatePassword,
  isUnlocked,
  passwordMatches,
  privatePasswordState,
  UNLOCK_COOKIE,
  unlockCookie,
  type PrivatePassword,
} from '~/access/private-access.server';
import { changePrivatePassword, readPrivatePassword } from '~/access/private-password.server';
import { closeSharedDatabase } from '~/db/connection.server';
import { saveEnv } from '../helpers/env';
import { must } from '../helpers/must';
import { closedPort } from '../helpers/start/ports';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';

/**
 * The password of private case studies as the owner sets it, on both
 * engines: kept only as its scrypt hash, judged through it, and binding
 * every unlock to the password in force, so a new one (even the same words
 * again) locks every earlier unlock out; the environment's password wins
 * over it; and a database that does not answer is "cannot say", never "open".
 */

const restoreEnv = saveEnv(['SESSION_SECRET', 'PRIVATE_CASE_STUDY_PASSWORD']);
beforeAll(() => {
  process.env.SESSION_SECRET = 'a-session-secret-for-the-private-password-tests';
  delete process.env.PRIVATE_CASE_STUDY_PASSWORD;
});
afterAll(restoreEnv);

/** A request carrying the unlock cookie signed for `current`. */
function unlockedRequest(current: PrivatePassword): Request {
  const cookie = must(unlockCookie(new Request('http://localhost/'), current), 'an unlock cookie').split(';')[0] ?? '';
  return new Request('http://localhost/case-study/x', { headers: { cookie } });
}

const set = (password: string) => changePrivatePassword({ intent: 'set', password }, { setInSettings: false });

describe.each(ENGINES)('the private case studies’ password on %s', (_name, start) => {
  const engine = useEngine(start);
  beforeEach(async () => {
    await engine.db.query('DELETE FROM private_case_study_password');
    delete process.env.PRIVATE_CASE_STUDY_PASSWORD;
  });

  it('none set: nothing unlocks, and the owner’s screens say so', async () => {
    expect(await currentPrivatePassword()).toBeNull();
    expect(await privatePasswordState()).toEqual({ source: 'none' });
    const forged = new Request('http://localhost/', { headers: { cookie: `${UNLOCK_COOKIE}=${Date.now() + 60_000}.${'A'.repeat(43)}` } });
    expect(await isUnlocked(forged)).toBe(false);
  });

  it('kept as a scrypt hash only; the right password matches through it, spaces around it aside, a wrong one does not', async () => {
    expect(await set('  paper lantern harbour ')).toMatchObject({ status: 200, answer: { state: 'saved' } });
    const rows = await engine.db.query<{ hash: string }>('SELECT * FROM private_case_study_password');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('paper lantern');
    expect(rows[0]?.hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
    const current = await currentPrivatePassword();
    if (!current || current === 'unknown') throw new Error('a password is set');
    expect(current.source).toBe('owner-area');
    expect(await passwordMatches('paper lantern harbour', current)).toBe(true);
    expect(await passwordMatches(' paper lantern harbour  ', current)).toBe(true);
    expect(await passwordMatches('paper lantern', current)).toBe(false);
    const state = await privatePasswordState();
    expect(state).toEqual({ source: 'owner-area', setAt: expect.stringMatching(/^\d{4}-/) });
    expect(JSON.stringify(state)).not.toContain('scrypt');
  });

  it('a new password, or the same words set again, locks out every earlier unlock at once', async () => {
    await set('first password here');
    const first = await currentPrivatePassword();
    if (!first || first === 'unknown') throw new Error('a password is set');
    const visitor = unlockedRequest(first);
    expect(await isUnlocked(visitor)).toBe(true);

    await set('first password here');
    expect(await isUnlocked(visitor)).toBe(false);
    const again = await currentPrivatePassword();
    if (!again || again === 'unknown') throw new Error('a password is set');
    expect(await isUnlocked(unlockedRequest(again))).toBe(true);

    await set('a second password');
    expect(await isUnlocked(unlockedRequest(again))).toBe(false);
  });

  it('removed: nothing unlocks, and private pages go back to asking for access', async () => {
    await set('soon to be removed');
    const current = await currentPrivatePassword();
    if (!current || current === 'unknown') throw new Error('a password is set');
    const visitor = unlockedRequest(current);
    expect(await changePrivatePassword({ intent: 'remove', password: '' }, { setInSettings: false })).toMatchObject({
      status: 200,
      answer: { state: 'removed' },
    });
    expect(await readPrivatePassword()).toBeNull();
    expect(await isUnlocked(visitor)).toBe(false);
  });

  it('a password she cannot use is refused in her words, her typing given back, nothing kept', async () => {
    expect(await set('short')).toEqual({
      status: 422,
      answer: { state: 'failed', reason: expect.stringMatching(/at least 8 characters/), typed: 'short' },
    });
    expect(await changePrivatePassword({ intent: 'guess', password: 'whatever words' }, { setInSettings: false })).toMatchObject({
      status: 400,
    });
    expect(await readPrivatePassword()).toBeNull();
  });

  it('the environment’s password wins: the stored one unlocks nothing, and the form changes nothing', async () => {
    await set('the stored password');
    const stored = await currentPrivatePassword();
    if (!stored || stored === 'unknown') throw new Error('a password is set');
    process.env.PRIVATE_CASE_STUDY_PASSWORD = 'the settings password';
    const current = await currentPrivatePassword();
    expect(current).toMatchObject({ source: 'settings' });
    expect(await privatePasswordState()).toEqual({ source: 'settings' });
    expect(await isUnlocked(unlockedRequest(stored))).toBe(false);
    if (!current || current === 'unknown') throw new Error('a password is set');
    expect(await passwordMatches('the stored password', current)).toBe(false);
    expect(await passwordMatches('the settings password', current)).toBe(true);
    expect(await changePrivatePassword({ intent: 'set', password: 'another password' }, { setInSettings: true })).toMatchObject({
      status: 409,
      answer: { state: 'failed', reason: expect.stringMatching(/settings on Netlify/) },
    });
  });
});

describe('a database that does not answer', () => {
  const restore = saveEnv(['NETLIFY_DB_URL', 'NETLIFY_DB_EMBEDDED']);
  afterAll(async () => {
    await closeSharedDatabase();
    restore();
  });

  it('cannot say which password is in force: an unlock is "cannot say", never open; the error names no hash', async () => {
    await closeSharedDatabase();
    delete process.env.PRIVATE_CASE_STUDY_PASSWORD;
    process.env.NETLIFY_DB_URL = `postgres://nobody:nothing@127.0.0.1:${await closedPort()}/none`;
    delete process.env.NETLIFY_DB_EMBEDDED;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await currentPrivatePassword()).toBe('unknown');
      expect(await privatePasswordState()).toEqual({ source: 'unknown' });
      const cookie = `${UNLOCK_COOKIE}=${Date.now() + 60_000}.${'A'.repeat(43)}`;
      expect(await isUnlocked(new Request('http://localhost/', { headers: { cookie } }))).toBe('unknown');
      expect(await isUnlocked(new Request('http://localhost/'))).toBe(false);
      expect(error.mock.calls.flat().join('\n')).toMatch(/the password could not be read/);
    } finally {
      error.mockRestore();
    }
  });
});
