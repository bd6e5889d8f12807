import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { currentMailConfig, SMTP_TIMEOUT_MS, type MailConfig } from './config.server';
import { ADDRESS_NOW_UNREACHABLE, mailFailureSummary } from './mail-errors';
import { pinnedTransport } from './mail-reach.server';
import type { ContactMessage } from './schema';

/**
 * The one place a contact message becomes an e-mail. Called by the
 * send-email function only, with a message that has passed contactSchema.
 */

export type MailResult = { status: 'success'; messageId?: string; outboxPath?: string } | { status: 'error'; error: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export function buildContactMail(message: ContactMessage, config: Pick<MailConfig, 'from' | 'to'>): Mail.Options {
  const name = `${message.firstName} ${message.lastName}`;
  const text = [
    `New message from the contact form on your portfolio.`,
    ``,
    `Name: ${name}`,
    `Email: ${message.email}`,
    ``,
    message.message,
    ``,
    `--`,
    `Reply to this e-mail to answer ${message.firstName}.`,
  ].join('\n');
  const paragraphs = message.message
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p style="margin:0 0 1em">${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#18181b">
<p style="margin:0 0 1em;color:#52525b">New message from the contact form on your portfolio.</p>
<table style="margin:0 0 1.5em;border-collapse:collapse">
<tr><th style="text-align:left;padding:0 1em 0 0">Name</th><td>${escapeHtml(name)}</td></tr>
<tr><th style="text-align:left;padding:0 1em 0 0">Email</th><td>${escapeHtml(message.email)}</td></tr>
</table>
${paragraphs}
<p style="margin:1.5em 0 0;color:#52525b">Reply to this e-mail to answer ${escapeHtml(message.firstName)}.</p>
</body></html>`;
  return {
    from: config.from,
    to: config.to,
    // nodemailer encodes the name; the schema already refused line breaks.
    replyTo: { name, address: message.email },
    subject: `Portfolio message from ${name}`,
    text,
    html,
  };
}

function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`timed out after ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * An error as it may be shown, stored or logged: without the account's
 * password, whether the server quoted it as typed or as the base64 of an
 * AUTH exchange.
 */
export function withoutPassword(text: string, smtp: string | SMTPTransport.Options): string {
  const auth = typeof smtp === 'string' ? credentialsOf(smtp) : { user: smtp.auth?.user ?? '', pass: smtp.auth?.pass ?? '' };
  if (!auth.pass) return text;
  const forms = [
    auth.pass,
    encodeURIComponent(auth.pass),
    Buffer.from(auth.pass).toString('base64'),
    Buffer.from(`\u0000${auth.user}\u0000${auth.pass}`).toString('base64'),
  ].filter((form) => form.length >= 4);
  let clean = text;
  for (const form of forms) clean = clean.split(form).join('[password]');
  return clean;
}

function credentialsOf(smtpUrl: string): { user: string; pass: string } {
  try {
    const url = new URL(smtpUrl);
    return { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  } catch {
    return { user: '', pass: '' };
  }
}

/** A failed send, as its error: the code and response nodemailer gives, for explainMailError, without the password. */
export class MailSendError extends Error {
  readonly code: string | undefined;
  readonly responseCode: number | undefined;
  readonly command: string | undefined;
  constructor(error: unknown, smtp: string | SMTPTransport.Options) {
    const raw = error as { message?: unknown; code?: unknown; responseCode?: unknown; command?: unknown };
    super(withoutPassword(typeof raw?.message === 'string' ? raw.message : String(error), smtp));
    this.name = 'MailSendError';
    this.code = typeof raw?.code === 'string' ? raw.code : undefined;
    this.responseCode = typeof raw?.responseCode === 'number' ? raw.responseCode : undefined;
    this.command = typeof raw?.command === 'string' ? raw.command : undefined;
  }
}

/**
 * One mail through SMTP_URL (the deployer's, trusted as it is) or through the
 * account kept in /admin, whose host is resolved and judged again first and
 * connected to at the address judged. A failure keeps only what happened and
 * its codes (mailFailureSummary), never what the server said: it is stored
 * and logged, and shown in /admin.
 */
async function sendViaSmtp(mail: Mail.Options, smtp: string | SMTPTransport.Options): Promise<MailResult> {
  let through = smtp;
  if (typeof smtp !== 'string') {
    const reach = await pinnedTransport(smtp);
    if (!reach.ok) return { status: 'error', error: ADDRESS_NOW_UNREACHABLE };
    through = reach.smtp;
  }
  try {
    const info = await sendOrThrow(mail, through);
    return { status: 'success', messageId: info.messageId };
  } catch (error) {
    return { status: 'error', error: mailFailureSummary(error instanceof MailSendError ? error : new MailSendError(error, through)) };
  }
}

/** One mail through `smtp`, bounded by SMTP_TIMEOUT_MS; a failure is thrown as a MailSendError. */
export async function sendOrThrow(mail: Mail.Options, smtp: string | SMTPTransport.Options): Promise<{ messageId: string }> {
  const transport = nodemailer.createTransport({
    ...(typeof smtp === 'string' ? { url: smtp } : smtp),
    // Each phase is bounded, and withDeadline bounds the whole exchange.
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    // Only strings go in; never let a field be read as a file path or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    const info = await withDeadline(transport.sendMail(mail), SMTP_TIMEOUT_MS, () => transport.close());
    return { messageId: info.messageId };
  } catch (error) {
    throw new MailSendError(error, smtp);
  } finally {
    transport.close();
  }
}

/** Without a mail account, each message lands in the outbox as a .eml any mail client opens. */
async function writeToOutbox(mail: Mail.Options, outboxDir: string): Promise<MailResult> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(mail);
  await mkdir(outboxDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
  await writeFile(file, info.message as Buffer);
  console.log(`Contact message written to ${file} (no mail account is set up)`);
  return { status: 'success', messageId: info.messageId, outboxPath: file };
}

/** Never throws: every failure, including a timeout, is an error result. */
export async function sendContactMail(message: ContactMessage): Promise<MailResult> {
  try {
    const config = await currentMailConfig();
    const mail = buildContactMail(message, config);
    return config.smtp ? await sendViaSmtp(mail, config.smtp) : await writeToOutbox(mail, config.outboxDir);
  } catch (error) {
    return { status: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

/** A short plain-text notice to the owner (a share link was opened), through the same path as contact mail. Never throws. */
export async function sendOwnerNotice(subject: string, text: string): Promise<MailResult> {
  try {
    const config = await currentMailConfig();
    const mail: Mail.Options = { from: config.from, to: config.to, subject, text };
    return config.smtp ? await sendViaSmtp(mail, config.smtp) : await writeToOutbox(mail, config.outboxDir);
  } catch (error) {
    return { status: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}
