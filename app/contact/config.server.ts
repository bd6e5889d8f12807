import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { getSite } from '~/content/content.server';
import { configuredSiteUrl } from '~/http/site-url.server';
import { readEnv } from '~/settings/env.server';
import { onFunctionHost } from '~/settings/runtime.server';
import type { Database } from '~/db/connection.server';
import { currentMailTransport, type MailTransport } from './mail-account.server';

/**
 * Contact configuration, from the environment (see .env.example and
 * docs/contact-and-mail.md) and, for the mail account, from what the owner
 * kept in /admin (mail-account.server.ts), read on every call: this module
 * is loaded twice under `npm start` — once inside the Remix server build (the
 * action) and once bundled into build/server/serve.mjs (the function) — and
 * process.env and the database are what both copies share.
 */

export const FUNCTION_PATH = '/.netlify/functions/send-email';

/** The action's whole call to the function, including the SMTP send behind it. */
export const FUNCTION_TIMEOUT_MS = 10_000;
/**
 * The SMTP send, end to end. Shorter than FUNCTION_TIMEOUT_MS so a dead mail
 * server comes back as the function's own clean error, not as the action
 * giving up on the function at the same moment.
 */
export const SMTP_TIMEOUT_MS = 8_000;

export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;

/** Bodies above this are refused by the action and the function (413). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The bearer token shared by the action and the function. Undefined means
 * misconfigured: the function then refuses every request, and the action does
 * not call it. Only the local server (scripts/serve.ts, i.e. `npm start` and
 * `npm run dev`) generates one, via ensureLocalFunctionSecret(); a Netlify
 * deploy never runs that file, so production needs it set explicitly.
 */
export function getFunctionSecret(): string | undefined {
  return readEnv('CONTACT_FUNCTION_SECRET');
}

/**
 * Called once by the local server before it listens. Both sides of the call
 * run in that one process, so a random per-process secret set in process.env
 * is shared by the action and the function and never written anywhere.
 */
export function ensureLocalFunctionSecret(): 'configured' | 'generated' {
  if (getFunctionSecret()) return 'configured';
  process.env.CONTACT_FUNCTION_SECRET = randomBytes(32).toString('base64url');
  return 'generated';
}

/**
 * Where the action posts. The fallback is the request's own origin, which is
 * right on Netlify (its edge only routes the site's own domains to us). The
 * local server sets CONTACT_FUNCTION_URL to its loopback address instead,
 * because there the Host header is whatever the client sent, and the bearer
 * token must never go to a host a visitor picked.
 */
export function getFunctionUrl(request: Request): string {
  return readEnv('CONTACT_FUNCTION_URL') ?? new URL(FUNCTION_PATH, request.url).href;
}

/** Messages per client IP per window (default 5); 0 turns the limit off. A bad value is named in the log and the default used. */
export function getRateLimit(): number {
  return readEnv('CONTACT_RATE_LIMIT');
}

export type MailConfig = {
  /** nodemailer's connection (SMTP_URL, or the account kept in /admin); undefined writes .eml files to outboxDir. */
  smtp: string | SMTPTransport.Options | undefined;
  to: string;
  /** A string such as `Portfolio <hello@example.com>`, or name and address apart. */
  from: string | { name: string; address: string };
  outboxDir: string;
};

/**
 * How messages go out: by SMTP (SMTP_URL set, or a mail account kept in
 * /admin); into the outbox folder as .eml files (npm start, npm run dev); or,
 * on Netlify without a mail account, not at all: each one is kept in the
 * owner's inbox only ('inbox').
 */
export function getMailMode(hasAccount = false): 'smtp' | 'outbox' | 'inbox' {
  if (readEnv('SMTP_URL') || hasAccount) return 'smtp';
  return onFunctionHost() ? 'inbox' : 'outbox';
}

/** The same, with the account kept in /admin read now (mail-account.server.ts). */
export async function currentMailMode(db?: Database): Promise<'smtp' | 'outbox' | 'inbox'> {
  return getMailMode((await currentMailTransport(db)).source !== 'none');
}

/**
 * The sender when CONTACT_FROM is unset and the account names none: the mail
 * account's own address when its user name is one (most providers let an
 * account send as itself), else no-reply at the site's own domain, which a
 * provider that verified the domain accepts. The visitor goes into Reply-To
 * either way.
 */
export function defaultFromAddress(smtpUser: string | undefined = smtpUserOf(readEnv('SMTP_URL'))): string {
  if (smtpUser && isAddress(smtpUser)) return smtpUser;
  const site = configuredSiteUrl();
  let host = 'localhost';
  try {
    if (site) host = new URL(site).hostname || host;
  } catch {
    // An unparsable SITE_URL is reported where it is used; the sender still needs a domain.
  }
  return `no-reply@${host.replace(/^www\./, '')}`;
}

const isAddress = (value: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);

function smtpUserOf(smtpUrl: string | undefined): string | undefined {
  if (!smtpUrl) return undefined;
  try {
    return decodeURIComponent(new URL(smtpUrl).username);
  } catch {
    return undefined;
  }
}

/**
 * Who a mail goes to and from, and through what, for `transport` (SMTP_URL
 * alone when not given). Throws when no recipient can be found (CONTACT_TO
 * unset and no compiled content).
 */
export function getMailConfig(transport?: MailTransport): MailConfig {
  let siteName: string | undefined;
  let to = readEnv('CONTACT_TO');
  if (!to || !readEnv('CONTACT_FROM')) {
    const site = getSite();
    siteName = site.name;
    to ??= site.email;
  }
  const account = transport?.source === 'owner-area' ? transport.account : undefined;
  const smtp = transport ? (transport.source === 'none' ? undefined : transport.smtp) : readEnv('SMTP_URL');
  return {
    smtp,
    to,
    // The site's own address: mail claiming to be from the visitor's domain
    // would fail SPF/DMARC. The visitor goes into Reply-To instead.
    from: readEnv('CONTACT_FROM') ?? {
      name: `${siteName ?? 'Portfolio'} (portfolio)`,
      address: account?.fromAddress ?? defaultFromAddress(account ? account.username : undefined),
    },
    // CONTACT_OUTBOX_DIR exists for tests; the documented default is .outbox/.
    outboxDir: path.resolve(readEnv('CONTACT_OUTBOX_DIR') ?? '.outbox'),
  };
}

/** getMailConfig with the account kept in /admin read now: what a send uses. */
export async function currentMailConfig(db?: Database): Promise<MailConfig> {
  return getMailConfig(await currentMailTransport(db));
}

/** Contact messages older than this many days (default 365) are deleted by the mail queue (MESSAGE_RETENTION_DAYS). */
export function getMessageRetentionDays(): number {
  return readEnv('MESSAGE_RETENTION_DAYS');
}
