import { afterEach, describe, expect, it } from 'vitest';
import { defaultFromAddress, getMailMode } from '~/contact/config.server';

/** The sender and the way out when nothing about mail is set: what a first deploy gets. */

const KEYS = ['SMTP_URL', 'SITE_URL', 'URL', 'NETLIFY', 'NETLIFY_LOCAL', 'NETLIFY_DEV', 'AWS_LAMBDA_FUNCTION_NAME'] as const;
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});
const set = (values: Partial<Record<(typeof KEYS)[number], string>>) => {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, values);
};

describe('the default sender', () => {
  it('is the mail account itself when its user name is an address', () => {
    set({ SMTP_URL: 'smtps://camila%40studio.example:secret@smtp.example.com:465', SITE_URL: 'https://camila.example' });
    expect(defaultFromAddress()).toBe('camila@studio.example');
  });
  it("is no-reply at the site's own domain otherwise, without www", () => {
    set({ SMTP_URL: 'smtp://resend:key@smtp.resend.com:587', SITE_URL: 'https://www.camila.example/' });
    expect(defaultFromAddress()).toBe('no-reply@camila.example');
  });
  it("falls back to Netlify's address, then to localhost", () => {
    set({ URL: 'https://camila-portfolio.netlify.app' });
    expect(defaultFromAddress()).toBe('no-reply@camila-portfolio.netlify.app');
    set({ SITE_URL: 'not a url' });
    expect(defaultFromAddress()).toBe('no-reply@localhost');
  });
});

describe('how messages go out', () => {
  it('by mail with an account, to the outbox locally, to the inbox only on Netlify without one', () => {
    set({ SMTP_URL: 'smtp://127.0.0.1:2525', NETLIFY: 'true' });
    expect(getMailMode()).toBe('smtp');
    set({});
    expect(getMailMode()).toBe('outbox');
    set({ NETLIFY: 'true' });
    expect(getMailMode()).toBe('inbox');
    set({ NETLIFY_LOCAL: 'true' });
    expect(getMailMode()).toBe('inbox');
  });
});
