import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { openSecret, sealSecret } from '~/access/secret-box.server';
import { ensureSiteSecrets } from '~/access/site-secrets.server';
import { isDatabaseUnavailable, sharedDatabase, databaseReady, type Database } from '~/db/connection.server';
import { readEnv } from '~/settings/env.server';
import { isMailProvider, type MailProviderId, type MailSecurity } from './mail-providers';

/**
 * The mail account the owner set up on /admin/settings/mail (table
 * mail_account, one row), and which account mail goes out through right now.
 *
 * SMTP_URL in the environment always wins: the row is not even read then.
 * Otherwise every send reads the row, so an account saved in /admin is used
 * by the next message on every instance and function, with no restart or
 * deploy. The password is sealed with the site's SESSION_SECRET
 * (secret-box.server.ts); it leaves this module only inside the transport
 * options handed to nodemailer, never in a page, an answer or a log line.
 *
 * Every send reads the row within ACCOUNT_WAIT_MS. When the database does not
 * answer, the account this process last read is used (a message still goes
 * out while the database blinks); without one, the message goes the way a
 * site without an account sends it (the inbox, or the local outbox).
 */

export type MailAccountDetails = {
  provider: MailProviderId;
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  password: string;
  fromAddress: string;
};

export type MailAccount = MailAccountDetails & { testedAt: Date; savedAt: Date };

/** What a page may know of the kept account: everything but the password, and whether that password can still be opened. */
export type MailAccountView = Omit<MailAccount, 'password' | 'testedAt' | 'savedAt'> & {
  testedAt: string;
  savedAt: string;
  passwordReadable: boolean;
};

/** Where the mail goes out now. */
export type MailTransport =
  | { source: 'environment'; smtp: string }
  | { source: 'owner-area'; smtp: SMTPTransport.Options; account: MailAccount }
  | { source: 'none' };

/** A send never waits longer than this for the row (a database that is down fails in 2 s, under npm start at once). */
export const ACCOUNT_WAIT_MS = 2_000;

const LABEL = 'portfolio: mail account password at rest, v1';

type Row = {
  provider: string;
  host: string;
  port: number;
  security: string;
  username: string;
  password_sealed: string;
  from_address: string;
  tested_at: Date;
  saved_at: Date;
};

export class NoSiteSecretError extends Error {
  constructor() {
    super('The site has no secret to lock the password with yet (SESSION_SECRET).');
    this.name = 'NoSiteSecretError';
  }
}

// Bundled twice into one local process (the Remix build and the functions): one memory.
const STATE = Symbol.for('portfolio.mail-account');
type State = { lastKnown?: MailAccount | null; warned?: boolean };
const state = (): State => ((globalThis as Record<symbol, State>)[STATE] ??= {});

async function database(db?: Database): Promise<Database> {
  if (db) return db;
  await databaseReady();
  return sharedDatabase();
}

const sessionSecret = () => readEnv('SESSION_SECRET') ?? '';

async function readRow(db?: Database): Promise<Row | null> {
  const [row] = await (
    await database(db)
  ).query<Row>(
    `SELECT provider, host, port, security, username, password_sealed, from_address, tested_at, saved_at
     FROM mail_account WHERE only_row`,
  );
  return row ?? null;
}

const detailsOf = (row: Row) => ({
  provider: isMailProvider(row.provider) ? row.provider : ('other' as const),
  host: row.host,
  port: Number(row.port),
  security: row.security === 'tls' ? ('tls' as const) : ('starttls' as const),
  username: row.username,
  fromAddress: row.from_address,
  testedAt: new Date(row.tested_at),
  savedAt: new Date(row.saved_at),
});

/** The kept account with its password opened; null when there is none, or its password was sealed under another secret. */
export async function readMailAccount(db?: Database): Promise<MailAccount | null> {
  await ensureSiteSecrets();
  const row = await readRow(db);
  if (!row) return null;
  const key = sessionSecret();
  const password = key ? openSecret(row.password_sealed, key, LABEL) : null;
  return password === null ? null : { ...detailsOf(row), password };
}

/** The kept account as a page may show it; null when there is none. */
export async function mailAccountView(db?: Database): Promise<MailAccountView | null> {
  await ensureSiteSecrets();
  const row = await readRow(db);
  if (!row) return null;
  const key = sessionSecret();
  const { testedAt, savedAt, ...details } = detailsOf(row);
  return {
    ...details,
    testedAt: testedAt.toISOString(),
    savedAt: savedAt.toISOString(),
    passwordReadable: Boolean(key) && openSecret(row.password_sealed, key, LABEL) !== null,
  };
}

/** Throws NoSiteSecretError when a password could not be sealed now: checked before a test is sent, so nothing is sent that cannot be kept. */
export async function requireSealingKey(): Promise<void> {
  await ensureSiteSecrets();
  if (!sessionSecret()) throw new NoSiteSecretError();
}

/** Keeps an account whose test message the service just accepted, replacing any other. Throws NoSiteSecretError without SESSION_SECRET. */
export async function saveMailAccount(details: MailAccountDetails, db?: Database): Promise<void> {
  await ensureSiteSecrets();
  const key = sessionSecret();
  if (!key) throw new NoSiteSecretError();
  await (
    await database(db)
  ).query(
    `INSERT INTO mail_account (only_row, provider, host, port, security, username, password_sealed, from_address, tested_at, saved_at)
     VALUES (true, $1, $2, $3, $4, $5, $6, $7, now(), now())
     ON CONFLICT (only_row) DO UPDATE SET provider = excluded.provider, host = excluded.host, port = excluded.port,
       security = excluded.security, username = excluded.username, password_sealed = excluded.password_sealed,
       from_address = excluded.from_address, tested_at = now(), saved_at = now()`,
    [
      details.provider,
      details.host,
      details.port,
      details.security,
      details.username,
      sealSecret(details.password, key, LABEL),
      details.fromAddress,
    ],
  );
  state().lastKnown = undefined;
}

export async function deleteMailAccount(db?: Database): Promise<void> {
  await (await database(db)).query('DELETE FROM mail_account');
  state().lastKnown = null;
}

/** Loopback only: a password may go unencrypted to a mail server on this very computer, never further. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** nodemailer's options for an account: encrypted from the start (465) or right after connecting, required (587). */
export function transportOptions(account: MailAccountDetails): SMTPTransport.Options {
  return {
    host: account.host,
    port: account.port,
    secure: account.security === 'tls',
    // STARTTLS is required, so nobody between here and the service can strip it and read the password.
    requireTLS: account.security === 'starttls' && !isLoopback(account.host),
    auth: { user: account.username, pass: account.password },
  };
}

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Where mail goes out now: SMTP_URL, else the account kept here, else nowhere. Never throws. */
export async function currentMailTransport(db?: Database): Promise<MailTransport> {
  const smtpUrl = readEnv('SMTP_URL');
  if (smtpUrl) return { source: 'environment', smtp: smtpUrl };
  const memory = state();
  let account: MailAccount | null;
  try {
    account = await within(readMailAccount(db), ACCOUNT_WAIT_MS);
    memory.lastKnown = account;
    memory.warned = false;
  } catch (error) {
    account = memory.lastKnown ?? null;
    // No database at all (PORTFOLIO_DB=off, or none on this deploy) is not news on every message.
    const quiet = isDatabaseUnavailable(error) && error.reason === 'not configured';
    if (!memory.warned && !quiet) {
      memory.warned = true;
      console.warn(
        `contact: the mail account kept in /admin could not be read (${error instanceof Error ? error.message : String(error)}); ${account ? 'using the one read before' : 'sending as without one'}.`,
      );
    }
  }
  return account ? { source: 'owner-area', smtp: transportOptions(account), account } : { source: 'none' };
}
