import { afterEach, describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '~/access/secret-box.server';
import { ADDRESS_NOW_UNREACHABLE, deliveryProblem, explainMailError, mailFailureSummary, type MailAttempt } from '~/contact/mail-errors';
import { accountFromForm } from '~/contact/mail-settings.server';
import { withoutPassword } from '~/contact/mail.server';
import { ownDomain } from '~/http/own-domain';
import { servedOwnOrigin } from '~/http/site-address.server';
import { siteAddress } from '~/http/site-url.server';

/** The pure parts of /admin/settings: sealing, reading her form, explaining a refusal, and which address wins. */

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('a secret at rest', () => {
  it('opens under the same site secret and label only', () => {
    const sealed = sealSecret('re_live_key', 'site-secret-1', 'mail');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('re_live_key');
    expect(openSecret(sealed, 'site-secret-1', 'mail')).toBe('re_live_key');
    expect(openSecret(sealed, 'site-secret-2', 'mail')).toBeNull();
    expect(openSecret(sealed, 'site-secret-1', 'publishing')).toBeNull();
    expect(openSecret('v1.garbage', 'site-secret-1', 'mail')).toBeNull();
    // A fresh nonce each time: two seals of one value differ.
    expect(sealSecret('re_live_key', 'site-secret-1', 'mail')).not.toBe(sealed);
  });
});

describe('her mail form', () => {
  it('fills in what a service fixes, and takes the key as the password', () => {
    const parsed = accountFromForm(form({ provider: 'resend', password: ' re_abc ', fromAddress: 'hi@dana.example' }), null);
    expect(parsed).toEqual({
      ok: true,
      details: {
        provider: 'resend',
        host: 'smtp.resend.com',
        port: 465,
        security: 'tls',
        username: 'resend',
        password: 're_abc',
        fromAddress: 'hi@dana.example',
      },
    });
    const postmark = accountFromForm(form({ provider: 'postmark', password: 'tok-123', fromAddress: 'hi@dana.example' }), null);
    expect(postmark.ok && postmark.details.username).toBe('tok-123');
  });

  it('names each missing or wrong field in her words', () => {
    const parsed = accountFromForm(form({ provider: 'other', host: 'smtp://x y', port: '99999', fromAddress: 'nope' }), null);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.fieldErrors).sort()).toEqual(['fromAddress', 'host', 'password', 'port', 'username']);
    expect(parsed.fieldErrors.port).toBe('The port is a number, usually 465 or 587.');
    expect(parsed.fieldErrors.fromAddress).toMatch(/^That is not an e-mail address/);
    expect(accountFromForm(form({}), null)).toEqual({ ok: false, fieldErrors: { provider: 'Choose the service that sends your mail.' } });
  });

  it('keeps the saved password when the field is left empty for the same account, not for another', () => {
    const kept = {
      provider: 'mailgun' as const,
      host: 'smtp.mailgun.org',
      port: 587,
      security: 'starttls' as const,
      username: 'postmaster@mg.dana.example',
      password: 'kept-secret',
      fromAddress: 'hi@dana.example',
    };
    const same = accountFromForm(form({ provider: 'mailgun', username: kept.username, fromAddress: 'new@dana.example' }), kept);
    expect(same.ok && same.details.password).toBe('kept-secret');
    const other = accountFromForm(
      form({ provider: 'mailgun', username: 'someone@mg.other.example', fromAddress: 'hi@dana.example' }),
      kept,
    );
    expect(other.ok).toBe(false);
  });
});

describe('a refused test, explained', () => {
  const attempt: MailAttempt = { provider: 'resend', host: 'smtp.resend.com', port: 465, from: 'hi@dana.example', to: 'dana@mail.example' };

  it('a wrong key says which one and what to do', () => {
    expect(explainMailError({ code: 'EAUTH', responseCode: 535, message: 'Invalid login: 535 Authentication failed' }, attempt)).toBe(
      'Resend did not accept the API key. Copy it again from Resend (with no spaces before or after), paste it here and try again. If it still fails, make a new one there.',
    );
    expect(explainMailError({ code: 'EAUTH', message: 'Invalid login' }, { ...attempt, provider: 'other' })).toMatch(
      /^The mail service did not accept the user name and password\. Copy both again/,
    );
  });

  it('a wrong server, port, security or sender each get their own sentence', () => {
    expect(explainMailError({ code: 'EDNS', message: 'getaddrinfo ENOTFOUND smtp.nowhere.example' }, attempt)).toMatch(
      /^No mail server answered at “smtp\.resend\.com”/,
    );
    expect(explainMailError({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:465' }, attempt)).toMatch(/refused the connection/);
    expect(explainMailError({ code: 'ESOCKET', message: 'wrong version number' }, attempt)).toMatch(/security does not match port 465/);
    expect(explainMailError({ code: 'ETIMEDOUT', message: 'Connection timeout' }, attempt)).toMatch(/did not answer in time/);
    expect(explainMailError({ code: 'EENVELOPE', responseCode: 550, command: 'MAIL FROM', message: 'not verified' }, attempt)).toMatch(
      /^Resend would not send from hi@dana\.example/,
    );
    expect(explainMailError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', message: 'no' }, attempt)).toMatch(
      /would not deliver to dana@mail\.example/,
    );
  });

  it('the password never survives in an error, in any of its forms', () => {
    const smtp = { host: 'h', auth: { user: 'me', pass: 'p@ss/word' } };
    const plain = Buffer.from('\u0000me\u0000p@ss/word').toString('base64');
    const text = `535 bad p@ss/word ${encodeURIComponent('p@ss/word')} ${Buffer.from('p@ss/word').toString('base64')} ${plain}`;
    expect(withoutPassword(text, smtp)).toBe('535 bad [password] [password] [password] [password]');
    expect(withoutPassword('login failed for smtps://me:s3cret@h:465', 'smtps://me:s3cret@h:465')).toBe(
      'login failed for smtps://me:[password]@h:465',
    );
  });
});

describe('the site’s address', () => {
  const KEYS = ['SITE_URL', 'URL', 'NETLIFY'] as const;
  const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  afterEach(() => {
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('is her own domain only when it is not the free address, a number or this computer', () => {
    expect(ownDomain('https://www.dana.example/')).toBe('www.dana.example');
    expect(ownDomain('https://dana-portfolio.netlify.app')).toBeNull();
    expect(ownDomain('http://localhost:3000')).toBeNull();
    expect(ownDomain('https://203.0.113.9')).toBeNull();
    expect(ownDomain('not a url')).toBeNull();
  });

  it('SITE_URL wins, then Netlify’s address when it names her domain, then the free one', () => {
    expect(siteAddress({ SITE_URL: 'https://set.example', URL: 'https://dana.example' })).toEqual({
      url: 'https://set.example',
      source: 'setting',
    });
    expect(siteAddress({ URL: 'https://dana.example' })).toEqual({ url: 'https://dana.example', source: 'netlify' });
    expect(siteAddress({ URL: 'https://dana.netlify.app' })).toEqual({ url: 'https://dana.netlify.app', source: 'netlify-free' });
    expect(siteAddress({})).toBeUndefined();
  });

  it('is noticed only from Netlify’s published production deploy, over https, at a domain of hers', () => {
    const live = { deploy: { context: 'production', published: true } };
    const at = (url: string) => new Request(url);
    delete process.env.NETLIFY;
    expect(servedOwnOrigin(at('https://dana.example/'), live)).toBeNull();
    process.env.NETLIFY = 'true';
    expect(servedOwnOrigin(at('https://Dana.Example/work?x=1'), live)).toBe('https://dana.example');
    expect(servedOwnOrigin(at('https://dana.example/'), { deploy: { context: 'deploy-preview', published: false } })).toBeNull();
    expect(servedOwnOrigin(at('https://dana.example/'), { deploy: { context: 'production', published: false } })).toBeNull();
    expect(servedOwnOrigin(at('https://dana.netlify.app/'), live)).toBeNull();
    expect(servedOwnOrigin(at('http://dana.example/'), live)).toBeNull();
    expect(servedOwnOrigin(at('https://dana.example:8443/'), live)).toBeNull();
  });
});

describe('why a message of the inbox is not sent yet', () => {
  it.each([
    ['connect ECONNREFUSED 127.0.0.1:2525', 'The mail server could not be reached.'],
    ['Greeting never received', 'The mail server did not answer in time.'],
    ['Invalid login: 535 5.7.8 Authentication failed', 'The mail service did not accept the site’s sign-in details.'],
    ['550 5.1.1 mailbox unavailable', 'The mail service did not take it.'],
  ])('%s', (lastError, cause) => {
    const words = deliveryProblem(lastError);
    expect(words).toBe(`${cause} Check Settings → Mail and send a test message from there.`);
    expect(words).not.toContain(lastError);
  });
});

describe('a failed send as it is stored and logged: what happened and its codes, never the server’s words', () => {
  const BANNER = 'SSH-2.0-secret-banner build=db-prod-7';
  it.each([
    [
      { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN', message: `Invalid login: 535 ${BANNER}` },
      'the server refused the password (EAUTH, reply 535, at AUTH)',
      'did not accept the site’s sign-in details',
    ],
    [
      { code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:587' },
      'no mail server answered at this address: it refused the connection (ESOCKET, ECONNREFUSED, at CONN)',
      'could not be reached',
    ],
    [
      { code: 'EPROTOCOL', command: 'CONN', message: `Invalid greeting. response=${BANNER}: ${BANNER}` },
      'something answered, but not as a mail server does (EPROTOCOL, at CONN)',
      'could not be reached',
    ],
    [
      { code: 'ETIMEDOUT', command: 'CONN', message: 'Greeting never received' },
      'the mail server did not answer in time (ETIMEDOUT, at CONN)',
      'did not answer in time',
    ],
    [
      { code: 'ESOCKET', message: `140: wrong version number ${BANNER}` },
      'the connection was not secure (ESOCKET)',
      'could not be reached',
    ],
    [
      { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', message: `550 ${BANNER}` },
      'the mail service did not take the message (EENVELOPE, reply 550, at RCPT)',
      'did not take it',
    ],
    [{ code: `E${BANNER}`, command: BANNER, message: BANNER }, 'the mail service did not take the message', 'did not take it'],
  ])('%j', (failure, summary, cause) => {
    expect(mailFailureSummary(failure)).toBe(summary);
    expect(deliveryProblem(summary)).toContain(cause);
  });

  it('a host that now leads inside reads as not reached', () => {
    expect(deliveryProblem(ADDRESS_NOW_UNREACHABLE)).toContain('could not be reached');
  });
});
