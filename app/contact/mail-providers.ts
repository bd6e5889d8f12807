/**
 * The mail services the owner can pick on /admin/settings/mail, and what
 * each needs from her. Every one of them takes mail by plain SMTP; a choice
 * fills in its server, port and (where it is fixed) user name, so she only
 * pastes what the service gave her. "Another service" asks for everything.
 * Shared by the form (what to ask, in her words) and the server (what to
 * connect to); checked against each service's own SMTP page.
 */

export const MAIL_PROVIDER_IDS = ['resend', 'postmark', 'sendgrid', 'mailgun', 'brevo', 'other'] as const;
export type MailProviderId = (typeof MAIL_PROVIDER_IDS)[number];

/** tls: encrypted from the first byte (usually port 465); starttls: encrypted right after connecting (usually 587). */
export type MailSecurity = 'tls' | 'starttls';

export type MailProvider = {
  id: MailProviderId;
  name: string;
  /** Its server; null: she types it (another service). */
  host: string | null;
  port: number | null;
  security: MailSecurity | null;
  /**
   * The user name: a fixed word the service expects, `'same-as-secret'` when
   * it is the key itself, or null when she types her own login.
   */
  user: string | 'same-as-secret' | null;
  /** What the service calls the one secret she pastes. */
  secretLabel: string;
  /** What the service calls her login, when she types one. */
  userLabel?: string;
  /** Where in the service she finds it, in a sentence. */
  where: string;
  /** Its page about sending by SMTP. */
  help?: string;
};

export const MAIL_PROVIDERS: Record<MailProviderId, MailProvider> = {
  resend: {
    id: 'resend',
    name: 'Resend',
    host: 'smtp.resend.com',
    port: 465,
    security: 'tls',
    user: 'resend',
    secretLabel: 'API key',
    where: 'In Resend, open API Keys and create one with “Sending access”. It starts with re_.',
    help: 'https://resend.com/docs/send-with-smtp',
  },
  postmark: {
    id: 'postmark',
    name: 'Postmark',
    host: 'smtp.postmarkapp.com',
    port: 587,
    security: 'starttls',
    user: 'same-as-secret',
    secretLabel: 'Server API token',
    where: 'In Postmark, open your server, then API Tokens, and copy the Server API token.',
    help: 'https://postmarkapp.com/support/article/811-what-are-the-smtp-details-api-tokens-i-should-be-using',
  },
  sendgrid: {
    id: 'sendgrid',
    name: 'SendGrid',
    host: 'smtp.sendgrid.net',
    port: 465,
    security: 'tls',
    user: 'apikey',
    secretLabel: 'API key',
    where: 'In SendGrid, open Settings, then API Keys, and create one with “Mail Send” access. It starts with SG.',
    help: 'https://www.twilio.com/docs/sendgrid/for-developers/sending-email/integrating-with-the-smtp-api',
  },
  mailgun: {
    id: 'mailgun',
    name: 'Mailgun',
    host: 'smtp.mailgun.org',
    port: 587,
    security: 'starttls',
    user: null,
    userLabel: 'SMTP login',
    secretLabel: 'SMTP password',
    where: 'In Mailgun, open Sending, then Domain settings, then SMTP credentials: the login looks like postmaster@mg.yourname.com.',
  },
  brevo: {
    id: 'brevo',
    name: 'Brevo',
    host: 'smtp-relay.brevo.com',
    port: 587,
    security: 'starttls',
    user: null,
    userLabel: 'SMTP login',
    secretLabel: 'SMTP key',
    where: 'In Brevo, open SMTP & API, then the SMTP tab: copy the login shown there and create an SMTP key (not an API key).',
    help: 'https://developers.brevo.com/docs/smtp-integration',
  },
  other: {
    id: 'other',
    name: 'Another service',
    host: null,
    port: null,
    security: null,
    user: null,
    userLabel: 'User name',
    secretLabel: 'Password',
    where: 'Your mail service’s help pages call these its “SMTP settings”: a server name, a port, a user name and a password.',
  },
};

/**
 * The ports mail services take mail on: 465 (secure from the start), 587
 * (secure once connected), and 25 and 2525, which some services offer
 * beside them. The server connects to no other, so the form cannot be used
 * to knock on other services' doors.
 */
export const MAIL_PORTS: readonly number[] = [25, 465, 587, 2525];

export const isMailProvider = (value: string): value is MailProviderId => (MAIL_PROVIDER_IDS as readonly string[]).includes(value);

/** Whether she types a user name for this service (else it is filled in). */
export const asksForUser = (provider: MailProvider): boolean => provider.user === null;
