import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { take, type Verdict } from '~/db/rate-limit.server';
import { bareHost, loopbackAllowed, resolvePublicHost } from '~/outbound/public-host.server';
import { isLoopbackAddress } from '~/outbound/public-address';
import { MAIL_PORTS } from './mail-providers';
import { transportOptions, type MailAccountDetails } from './mail-account.server';

/**
 * Where a test message from /admin/settings/mail may go, and how often.
 * Only to a mail port (MAIL_PORTS) of a public address: the host is resolved
 * and judged once (outbound/public-host.server.ts), and nodemailer connects
 * to that very address, with the name kept for the certificate check. So the
 * form reaches mail services on the internet and nothing on the site's own
 * network, whatever a stolen owner session types. A few tests per window,
 * counted in the database across every instance.
 */

/** Tests of a mail account per window, for the whole site (only the owner can send one). */
export const MAIL_TESTS = 5;
export const MAIL_TESTS_WINDOW_MS = 10 * 60 * 1000;

/** One test's slot: refused (429, or 503 when the count could not be read) once MAIL_TESTS were sent in the window. */
export function takeMailTestSlot(): Promise<Verdict> {
  return take('mail-test:owner', MAIL_TESTS, MAIL_TESTS_WINDOW_MS);
}

/** Whether the tests' own mail server (loopback, on any free port) is what the form names. */
export function isTestsLoopback(host: string): boolean {
  const name = bareHost(host);
  return loopbackAllowed() && (name === 'localhost' || isLoopbackAddress(name));
}

/** The port is one mail services take mail on (the tests' loopback server aside). */
export const isMailPort = (port: number, host: string): boolean => MAIL_PORTS.includes(port) || isTestsLoopback(host);

export type ReachableMail = { ok: true; smtp: SMTPTransport.Options } | { ok: false; problem: 'port' | 'address'; literal: boolean };

/** nodemailer's options for `details`, pinned to the public address its host was found at; or why it may not be reached. */
export async function reachableTransport(details: MailAccountDetails): Promise<ReachableMail> {
  if (!isMailPort(details.port, details.host)) return { ok: false, problem: 'port', literal: false };
  return pinnedTransport(transportOptions(details));
}

/**
 * `smtp` pinned to the public address its host resolves to now, with the name
 * kept for the certificate check; or why it may not be reached. Every send
 * through the account kept in /admin goes this way, not only its test: the
 * name was judged when it was saved, but it may lead inside by the time a
 * message goes out, and nodemailer would otherwise resolve it again.
 */
export async function pinnedTransport(smtp: SMTPTransport.Options): Promise<ReachableMail> {
  const host = smtp.host ?? '';
  const found = await resolvePublicHost(host);
  if (!found.ok) return { ok: false, problem: 'address', literal: found.literal };
  const name = bareHost(host);
  return {
    ok: true,
    smtp: {
      ...smtp,
      host: found.address,
      // The certificate is checked against the name she typed, not the address it was found at.
      servername: found.address === name ? undefined : name,
      requireTLS: !smtp.secure && !found.loopback,
    },
  };
}
