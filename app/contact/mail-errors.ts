import { MAIL_PROVIDERS, type MailProviderId } from './mail-providers';

/**
 * What went wrong with a test message, in the owner's words: what happened
 * and what to do, from the code and answer nodemailer reports. The server's
 * own words come last, for what is not recognised. Pure, so each case is
 * tested without a mail server.
 */

export type MailFailure = {
  /** nodemailer's code: EAUTH, EDNS, ESOCKET, ECONNECTION, ETIMEDOUT, ETLS, EENVELOPE, EMESSAGE, EPROTOCOL… */
  code?: string;
  /** The SMTP reply code, e.g. 535. */
  responseCode?: number;
  /** The SMTP command that was refused, e.g. "MAIL FROM" or "RCPT TO". */
  command?: string;
  /** Already without the password (mail.server.ts withoutPassword). */
  message: string;
};

export type MailAttempt = {
  provider: MailProviderId;
  host: string;
  port: number;
  from: string;
  to: string;
};

const TLS_WORDS = /wrong version number|ssl|tls|certificate|EPROTO\b|unexpected message|packet length/i;
const SENDER_WORDS = /sender|from address|not verified|unverified|domain .*verif|verify .*domain|not allowed to send|signature/i;

export function explainMailError(failure: MailFailure, attempt: MailAttempt): string {
  const provider = MAIL_PROVIDERS[attempt.provider];
  const service = attempt.provider === 'other' ? 'The mail service' : provider.name;
  const code = failure.code ?? '';
  const reply = failure.responseCode;
  const message = failure.message;
  const command = (failure.command ?? '').toUpperCase();
  const at = `${attempt.host}, port ${attempt.port}`;

  if (code === 'EAUTH' || reply === 535 || reply === 534) {
    if (provider.user === null) {
      return `${service} did not accept the ${provider.userLabel?.toLowerCase() ?? 'user name'} and ${provider.secretLabel.toLowerCase()}. Copy both again from ${provider.id === 'other' ? 'your mail service' : provider.name} (with no spaces before or after), paste them here and try again.`;
    }
    return `${service} did not accept the ${provider.secretLabel}. Copy it again from ${provider.name} (with no spaces before or after), paste it here and try again. If it still fails, make a new one there.`;
  }
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(message)) {
    return `No mail server was found at “${attempt.host}”. Check the server’s name for typos: it looks like smtp.example.com.`;
  }
  if (/ECONNREFUSED/.test(message)) {
    return `The mail server at ${at} refused the connection. Check the port your mail service gives: usually 465 or 587.`;
  }
  if (code === 'ETLS' || (code === 'EPROTOCOL' && TLS_WORDS.test(message)) || (code === 'ESOCKET' && TLS_WORDS.test(message))) {
    return `The connection’s security does not match port ${attempt.port}. Choose “Secure from the start” for port 465, or “Secure once connected” for port 587, and try again.`;
  }
  if (code === 'ETIMEDOUT' || /timed? ?out|Greeting never received/i.test(message)) {
    return `The mail server at ${at} did not answer in time. Check the port and its security (465: secure from the start; 587: secure once connected). If they are right, the service may be down: try again in a few minutes.`;
  }
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || (reply !== undefined && reply >= 500)) {
    if (command.startsWith('RCPT')) {
      return `${service} would not deliver to ${attempt.to}, the address your messages go to. Until your account is fully approved, some services only deliver to addresses you have verified with them: check ${provider.id === 'other' ? 'your mail service' : provider.name}.`;
    }
    if (command.startsWith('MAIL') || SENDER_WORDS.test(message)) {
      return `${service} would not send from ${attempt.from}. Use an address on a domain you have verified with ${provider.id === 'other' ? 'your mail service' : provider.name}, or verify this one there first, then try again.`;
    }
  }
  if (code === 'ECONNECTION' || code === 'ESOCKET') {
    return `The connection to the mail server at ${at} broke off. Check the port and its security (465: secure from the start; 587: secure once connected), then try again.`;
  }
  return `${service} refused the test message. What it said: “${message.replace(/\s+/g, ' ').trim().slice(0, 300)}”`;
}

/**
 * Why a message of the inbox is not in her mailbox yet, in her words, from
 * the last error its sending stored (nodemailer's message, kept as it came
 * for the logs): what happened, and where to look. Never the error itself.
 */
export function deliveryProblem(lastError: string): string {
  const cause = /EAUTH|\b53[45]\b|Invalid login|authentication|credentials/i.test(lastError)
    ? 'The mail service did not accept the site’s sign-in details.'
    : /ETIMEDOUT|timed? ?out|Greeting never received/i.test(lastError)
      ? 'The mail server did not answer in time.'
      : /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|getaddrinfo|ESOCKET|EHOSTUNREACH|socket|connect/i.test(lastError)
        ? 'The mail server could not be reached.'
        : 'The mail service did not take it.';
  return `${cause} Check Settings → Mail and send a test message from there.`;
}
