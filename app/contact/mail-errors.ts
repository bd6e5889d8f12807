import { MAIL_PROVIDERS, type MailProviderId } from './mail-providers';

/**
 * What went wrong with a test message, in the owner's words: what happened
 * and what to do, from the code and answer nodemailer reports. The server's
 * own words are never quoted: whatever answered may not be a mail server at
 * all, and its first line can hold its version or its secrets. Pure, so each
 * case is tested without a mail server.
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

/**
 * Why the test was not even sent: the port is not a mail port, or the host is
 * not a public address. A name that leads nowhere and a name that leads inside
 * get the same sentence, so the form tells nobody which names exist inside.
 */
export function unreachableMail(reach: { problem: 'port' | 'address'; literal: boolean }, attempt: { host: string; port: number }): string {
  if (reach.problem === 'port') {
    return `The site sends mail only on port 465 or 587 (some services also use 25 or 2525), and port ${attempt.port} is none of them. Check the port your mail service gives.`;
  }
  if (reach.literal) {
    return `${attempt.host} is an address on a private network or on this computer, not a mail service on the internet, so nothing was sent. Type the server’s name your mail service gives, like smtp.example.com.`;
  }
  return noServerAt(attempt.host);
}

const noServerAt = (host: string) =>
  `No mail server answered at “${host}”: the name leads to no mail service on the internet. Check the server’s name for typos: it looks like smtp.example.com.`;

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
    return noServerAt(attempt.host);
  }
  if (/ECONNREFUSED/.test(message)) {
    return `No mail server answered at ${at}: it refused the connection. Check the port your mail service gives: usually 465 or 587.`;
  }
  if (code === 'ETLS' || (code === 'EPROTOCOL' && TLS_WORDS.test(message)) || (code === 'ESOCKET' && TLS_WORDS.test(message))) {
    return `The connection was not secure: its security does not match port ${attempt.port}. Choose “Secure from the start” for port 465, or “Secure once connected” for port 587, and try again.`;
  }
  if (code === 'ETIMEDOUT' || /timed? ?out|Greeting never received/i.test(message)) {
    return `The mail server at ${at} did not answer in time. Check the port and its security (465: secure from the start; 587: secure once connected). If they are right, the service may be down: try again in a few minutes.`;
  }
  if (code === 'EPROTOCOL' || /greeting/i.test(message)) {
    return `Something answered at ${at}, but not as a mail server does. Check the server’s name and port your mail service gives.`;
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
  return `${service} did not take the test message. Check the details your mail service gives (server, port, login and sender), then try again.`;
}

/** What a send through the kept account records when its host now leads nowhere or inside: nothing was connected to. */
export const ADDRESS_NOW_UNREACHABLE =
  'the mail service’s address now leads nowhere, or inside this network, not to a mail service on the internet, so no connection was made';

/** The steps of a send nodemailer names (its `command`): CONN is the connection itself. */
const SMTP_STEPS = ['CONN', 'EHLO', 'HELO', 'LHLO', 'STARTTLS', 'AUTH', 'MAIL', 'RCPT', 'DATA'];

/** Codes the system gives for a connection, the only words taken from an error's message. */
const SYSTEM_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT'];

/**
 * A failed send as it is stored (the message's last error) and logged: what
 * happened, in the words of her settings page, and the codes, never what the
 * server said (whatever answered may not be a mail server at all, and its
 * first line or its refusal can hold its version or its secrets).
 * deliveryProblem reads it back.
 */
export function mailFailureSummary(failure: MailFailure): string {
  const code = failure.code && /^E[A-Z_]{2,20}$/.test(failure.code) ? failure.code : undefined;
  const reply = failure.responseCode;
  const message = failure.message;
  const command = SMTP_STEPS.find((step) => (failure.command ?? '').toUpperCase().split(' ')[0] === step);
  const system = SYSTEM_CODES.find((one) => message.includes(one));
  const what =
    code === 'EAUTH' || reply === 535 || reply === 534
      ? 'the server refused the password'
      : code === 'EDNS' || system === 'ENOTFOUND' || system === 'EAI_AGAIN'
        ? 'no mail server answered at this address: the name leads nowhere'
        : system === 'ECONNREFUSED'
          ? 'no mail server answered at this address: it refused the connection'
          : code === 'ETLS' || ((code === 'EPROTOCOL' || code === 'ESOCKET') && TLS_WORDS.test(message))
            ? 'the connection was not secure'
            : code === 'ETIMEDOUT' || system === 'ETIMEDOUT' || /timed? ?out|Greeting never received/i.test(message)
              ? 'the mail server did not answer in time'
              : code === 'EPROTOCOL' || /greeting/i.test(message)
                ? 'something answered, but not as a mail server does'
                : reply !== undefined && reply >= 400
                  ? 'the mail service did not take the message'
                  : code === 'ECONNECTION' || code === 'ESOCKET' || system
                    ? 'the connection to the mail server broke off'
                    : 'the mail service did not take the message';
  const codes = [code, system !== code ? system : undefined, reply ? `reply ${reply}` : undefined, command ? `at ${command}` : undefined]
    .filter(Boolean)
    .join(', ');
  return codes ? `${what} (${codes})` : what;
}

/**
 * Why a message of the inbox is not in her mailbox yet, in her words, from
 * the last error its sending stored (mailFailureSummary's words and codes;
 * rows stored before then hold nodemailer's message): what happened, and
 * where to look. Never the error itself.
 */
export function deliveryProblem(lastError: string): string {
  const cause = /EAUTH|\b53[45]\b|Invalid login|authentication|credentials/i.test(lastError)
    ? 'The mail service did not accept the site’s sign-in details.'
    : /ETIMEDOUT|timed? ?out|in time|Greeting never received/i.test(lastError)
      ? 'The mail server did not answer in time.'
      : /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|getaddrinfo|ESOCKET|EHOSTUNREACH|socket|connect|not secure|not as a mail server/i.test(
            lastError,
          )
        ? 'The mail server could not be reached.'
        : 'The mail service did not take it.';
  return `${cause} Check Settings → Mail and send a test message from there.`;
}
