import { createHash, randomBytes } from 'node:crypto';
import { query } from '~/db/connection.server';
import { take } from '~/db/rate-limit.server';
import { sendOwnerNotice } from '~/contact/mail.server';
import { configuredSiteUrl, getSiteUrl } from '~/http/site-url.server';
import { readEnv } from '~/settings/env.server';

/**
 * One-time sign-in links: how the owner gets in while password sign-in is
 * paused for everyone (owner-sign-in-limits.server.ts). The link goes only
 * to CONTACT_TO (the owner's own address), works once, for 15 minutes; its
 * row holds the token's SHA-256, never the token. Opening it shows a button
 * that signs in with a POST, so a mail scanner that follows links spends
 * nothing.
 *
 * The link's address is the site's own (SITE_URL, Netlify's URL, or the
 * local server's loopback address), never the request's Host header, which
 * a stranger chooses: a link to their host would hand them the token.
 */

export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINK_PATH = '/admin/sign-in/link';
/** Mails per hour, for everyone together: a stranger can't fill the owner's inbox. */
export const SIGN_IN_LINK_MAILS = 3;
const MAILS_WINDOW_MS = 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const linkId = (token: string) => createHash('sha256').update(`owner-sign-in-link:${token}`, 'utf8').digest('hex');

export const isSignInLinkToken = (token: string) => TOKEN.test(token);

/** The origin links are made for: configured, or what the local server says it listens on. */
function siteOrigin(): string {
  if (configuredSiteUrl()) return getSiteUrl();
  return readEnv('PORTFOLIO_LOCAL_ORIGIN') ?? getSiteUrl();
}

export type MailedLink = 'sent' | 'limited' | 'busy' | 'failed';

/** Makes a link and mails it to the owner. */
export async function mailSignInLink(): Promise<MailedLink> {
  const mail = await take('sign-in-mail:everyone', SIGN_IN_LINK_MAILS, MAILS_WINDOW_MS);
  if (!mail.allowed) return mail.busy ? 'busy' : 'limited';
  const token = randomBytes(32).toString('base64url');
  await query(`INSERT INTO owner_sign_in_links (id, expires_at) VALUES ($1, now() + $2::int * interval '1 minute')`, [
    linkId(token),
    SIGN_IN_LINK_MINUTES,
  ]);
  const url = `${siteOrigin()}${SIGN_IN_LINK_PATH}?token=${token}`;
  const text = [
    'Someone asked for a one-time sign-in link to your portfolio’s owner’s area.',
    '',
    'Password sign-in is paused: too many wrong passwords were tried in the last hour.',
    `This link signs you in once, within ${SIGN_IN_LINK_MINUTES} minutes:`,
    '',
    url,
    '',
    'If it wasn’t you, ignore this e-mail: the link is of no use to anyone without access to your mailbox.',
  ].join('\n');
  const sent = await sendOwnerNotice('Your one-time sign-in link', text);
  if (sent.status === 'error') {
    console.error(`owner's area: the sign-in link was not sent: ${sent.error}`);
    return 'failed';
  }
  return 'sent';
}

/** Whether a token is still good (the page that shows the button); uses nothing up. */
export async function signInLinkUsable(token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const rows = await query('SELECT 1 FROM owner_sign_in_links WHERE id = $1 AND used_at IS NULL AND expires_at > now()', [linkId(token)]);
  return rows.length === 1;
}

/** Uses the link up, atomically: of any number of tries at once, one gets true. */
export async function redeemSignInLink(token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const rows = await query(
    'UPDATE owner_sign_in_links SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id',
    [linkId(token)],
  );
  return rows.length === 1;
}
