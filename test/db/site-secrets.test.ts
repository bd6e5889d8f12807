import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureSiteSecrets, GENERATED_SECRETS, requestNeedsSecrets, secretsFromDatabase } from '~/access/site-secrets.server';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';
import { at } from '../helpers/must';

/**
 * The secrets a deploy no longer makes by hand, on both engines: made once
 * on first use, kept in site_secrets, the same for every instance (here,
 * many concurrent first requests, and a "restart": the process forgetting
 * them), and never over a value the environment sets.
 */

const STATE = Symbol.for('portfolio.site-secrets');
const saved = Object.fromEntries(GENERATED_SECRETS.map((name) => [name, process.env[name]]));

/** The process as a new instance finds it: nothing in its environment or memory. */
function forget() {
  for (const name of GENERATED_SECRETS) delete process.env[name];
  delete (globalThis as Record<symbol, unknown>)[STATE];
}

beforeEach(forget);
afterEach(() => {
  forget();
  for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
});

describe.each(ENGINES)('site secrets on %s', (_name, start) => {
  const engine = useEngine(start);
  beforeEach(async () => {
    await engine.db.query('DELETE FROM site_secrets');
  });

  it('makes each one on first use, 43 random characters, and finds the same after a restart', async () => {
    await ensureSiteSecrets();
    const made = Object.fromEntries(GENERATED_SECRETS.map((name) => [name, process.env[name]]));
    for (const name of GENERATED_SECRETS) expect(made[name]).toMatch(/^[\w-]{43}$/);
    expect(made.SESSION_SECRET).not.toBe(made.CONTACT_FUNCTION_SECRET);
    expect(secretsFromDatabase().sort()).toEqual([...GENERATED_SECRETS].sort());
    forget();
    await ensureSiteSecrets();
    for (const name of GENERATED_SECRETS) expect(process.env[name]).toBe(made[name]);
  });

  it('gives concurrent first requests one value, whichever instance wrote first', async () => {
    // Each start is a new instance (nothing in memory) racing the others for the first row.
    await Promise.all(
      Array.from({ length: 6 }, () => {
        forget();
        return ensureSiteSecrets();
      }),
    );
    const rows = await engine.db.query<{ name: string; value: string }>('SELECT name, value FROM site_secrets ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(['CONTACT_FUNCTION_SECRET', 'SESSION_SECRET']);
    expect(process.env.SESSION_SECRET).toBe(at(rows, 1, 'a SESSION_SECRET row').value);
    expect(process.env.CONTACT_FUNCTION_SECRET).toBe(at(rows, 0, 'a CONTACT_FUNCTION_SECRET row').value);
  });

  it('never replaces what the environment sets, and keeps no row for it', async () => {
    process.env.SESSION_SECRET = 'set-by-the-owner-0123456789abcdefghijklmnop';
    await ensureSiteSecrets();
    expect(process.env.SESSION_SECRET).toBe('set-by-the-owner-0123456789abcdefghijklmnop');
    const rows = await engine.db.query<{ name: string }>('SELECT name FROM site_secrets');
    expect(rows.map((row) => row.name)).toEqual(['CONTACT_FUNCTION_SECRET']);
  });
});

describe('site secrets without a database', () => {
  it('leaves them unset, says so once without a value, and does not throw', async () => {
    const url = process.env.NETLIFY_DB_URL;
    delete process.env.NETLIFY_DB_URL;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await ensureSiteSecrets();
      await ensureSiteSecrets();
      for (const name of GENERATED_SECRETS) expect(process.env[name]).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('NETLIFY_DB_URL is not set');
    } finally {
      warn.mockRestore();
      if (url !== undefined) process.env.NETLIFY_DB_URL = url;
    }
  });
});

describe('which requests wait for the secrets', () => {
  const request = (path: string, init: RequestInit = {}) => new Request(`https://example.com${path}`, init);
  it.each([
    ['/', false],
    ['/case-study/anything', false],
    ['/resume.pdf', false],
    ['/admin', true],
    ['/admin/sign-in', true],
    ['/s/abc', true],
    ['/shared', true],
    ['/private-media/x.png', true],
    ['/sharedfolder', false],
  ])('GET %s: %s', (path, expected) => {
    expect(requestNeedsSecrets(request(path), path)).toBe(expected);
  });
  it('any POST, and any request with a cookie', () => {
    expect(requestNeedsSecrets(request('/', { method: 'POST' }), '/')).toBe(true);
    expect(requestNeedsSecrets(request('/case-study/x', { headers: { cookie: 'a=b' } }), '/case-study/x')).toBe(true);
  });
});
