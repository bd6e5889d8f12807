import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentMailTransport, deleteMailAccount, mailAccountView, readMailAccount, saveMailAccount } from '~/contact/mail-account.server';
import { keepSiteAddress, loadSiteAddress } from '~/http/site-address.server';
import { siteAddress } from '~/http/site-url.server';
import { saveEnv } from '../helpers/env';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';

/**
 * What /admin/settings keeps, on both engines: the mail account (its
 * password sealed, opened only under the same site secret, SMTP_URL
 * winning) and the domain the site noticed it answers at (kept once, read
 * by a new instance, behind SITE_URL and Netlify's own domain).
 */

const ACCOUNT = {
  provider: 'brevo' as const,
  host: 'smtp-relay.brevo.com',
  port: 587,
  security: 'starttls' as const,
  username: 'dana@brevo.example',
  password: 'xsmtpsib-secret-key-123',
  fromAddress: 'hello@dana.example',
};
const ADDRESS_STATE = Symbol.for('portfolio.site-address');
const MAIL_STATE = Symbol.for('portfolio.mail-account');
const restoreEnv = saveEnv(['SESSION_SECRET', 'SMTP_URL', 'SITE_URL', 'URL']);

/** The process as a new instance finds it: nothing in memory. */
function newInstance() {
  delete (globalThis as Record<symbol, unknown>)[ADDRESS_STATE];
  delete (globalThis as Record<symbol, unknown>)[MAIL_STATE];
}

beforeEach(() => {
  newInstance();
  process.env.SESSION_SECRET = 'settings-test-secret-0123456789abcdefghij';
  for (const name of ['SMTP_URL', 'SITE_URL', 'URL']) delete process.env[name];
});
afterEach(() => {
  newInstance();
  restoreEnv();
});

describe.each(ENGINES)('on %s', (_name, start) => {
  const engine = useEngine(start);
  beforeEach(async () => {
    await engine.db.query('DELETE FROM mail_account');
    await engine.db.query('DELETE FROM site_address');
  });

  it('keeps the mail account with its password sealed, and every send finds it', async () => {
    expect(await currentMailTransport()).toEqual({ source: 'none' });
    await saveMailAccount(ACCOUNT);
    const [row] = await engine.db.query<{ password_sealed: string }>('SELECT password_sealed FROM mail_account');
    expect(row?.password_sealed).toMatch(/^v1\./);
    expect(row?.password_sealed).not.toContain(ACCOUNT.password);

    newInstance();
    const transport = await currentMailTransport();
    expect(transport.source).toBe('owner-area');
    expect(transport.source === 'owner-area' && transport.smtp).toMatchObject({
      host: ACCOUNT.host,
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: ACCOUNT.username, pass: ACCOUNT.password },
    });
    const view = await mailAccountView();
    expect(view).toMatchObject({ provider: 'brevo', fromAddress: ACCOUNT.fromAddress, passwordReadable: true });
    expect(JSON.stringify(view)).not.toContain(ACCOUNT.password);

    // SMTP_URL wins, and the row is not even read.
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    expect(await currentMailTransport()).toEqual({ source: 'environment', smtp: 'smtp://127.0.0.1:2525' });
  });

  it('a new site secret cannot open the old password: the page is told, and mail goes out as without an account', async () => {
    await saveMailAccount(ACCOUNT);
    process.env.SESSION_SECRET = 'another-secret-after-a-rotation-0123456789';
    newInstance();
    expect(await readMailAccount()).toBeNull();
    expect(await mailAccountView()).toMatchObject({ provider: 'brevo', passwordReadable: false });
    expect(await currentMailTransport()).toEqual({ source: 'none' });
    await deleteMailAccount();
    expect(await mailAccountView()).toBeNull();
  });

  it('keeps the domain it noticed once, a new instance reads it, and SITE_URL or Netlify’s own domain win', async () => {
    expect(await keepSiteAddress('https://dana.example')).toBe(true);
    expect(await keepSiteAddress('https://dana.example')).toBe(false);

    newInstance();
    expect(siteAddress()).toBeUndefined();
    await loadSiteAddress();
    expect(siteAddress()).toEqual({ url: 'https://dana.example', source: 'noticed' });
    // Over the free address Netlify gives…
    expect(siteAddress({ URL: 'https://dana.netlify.app' })).toEqual({ url: 'https://dana.example', source: 'noticed' });
    // …but not over her domain once Netlify names it, nor over SITE_URL.
    expect(siteAddress({ URL: 'https://www.dana.example' })).toEqual({ url: 'https://www.dana.example', source: 'netlify' });
    expect(siteAddress({ SITE_URL: 'https://set.example' })).toEqual({ url: 'https://set.example', source: 'setting' });

    // Another domain replaces it.
    expect(await keepSiteAddress('https://dana-studio.example')).toBe(true);
    const rows = await engine.db.query<{ origin: string }>('SELECT origin FROM site_address');
    expect(rows).toEqual([{ origin: 'https://dana-studio.example' }]);
  });
});
