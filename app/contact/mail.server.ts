import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { getMailConfig, SMTP_TIMEOUT_MS, type MailConfig } from './config.server';
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

async function sendViaSmtp(mail: Mail.Options, smtpUrl: string): Promise<MailResult> {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
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
    return { status: 'success', messageId: info.messageId };
  } finally {
    transport.close();
  }
}

/** Without SMTP_URL, each message lands in the outbox as a .eml any mail client opens. */
async function writeToOutbox(mail: Mail.Options, outboxDir: string): Promise<MailResult> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(mail);
  await mkdir(outboxDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
  await writeFile(file, info.message as Buffer);
  console.log(`Contact message written to ${file} (SMTP_URL is not set)`);
  return { status: 'success', messageId: info.messageId, outboxPath: file };
}

/** Never throws: every failure, including a timeout, is an error result. */
export async function sendContactMail(message: ContactMessage): Promise<MailResult> {
  try {
    const config = getMailConfig();
    const mail = buildContactMail(message, config);
    return config.smtpUrl ? await sendViaSmtp(mail, config.smtpUrl) : await writeToOutbox(mail, config.outboxDir);
  } catch (error) {
    return { status: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

/** A short plain-text notice to the owner (a share link was opened), through the same path as contact mail. Never throws. */
export async function sendOwnerNotice(subject: string, text: string): Promise<MailResult> {
  try {
    const config = getMailConfig();
    const mail: Mail.Options = { from: config.from, to: config.to, subject, text };
    return config.smtpUrl ? await sendViaSmtp(mail, config.smtpUrl) : await writeToOutbox(mail, config.outboxDir);
  } catch (error) {
    return { status: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}
