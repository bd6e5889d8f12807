import type { Database } from '~/db/connection.server';
import { sendContactMail, type MailResult } from './mail.server';
import type { ContactMessage } from './schema';
import { backoffMs, recordDelivered, recordFailure, type FailureOutcome } from './messages.server';

/**
 * One attempt to mail a kept (and claimed) message, and its outcome written
 * back: shared by the send-email function (the first attempt) and the mail
 * queue (every later one). The log names the message by its id only, never
 * its text or the visitor's address.
 */

export type AttemptOutcome = { status: 'delivered' } | FailureOutcome;

const seconds = (ms: number) => (ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);

/**
 * An error as it may be stored and logged: one line, bounded, and without
 * the visitor's address (an SMTP server may quote the Reply-To back).
 */
export function safeError(error: string, message: Pick<ContactMessage, 'email'>): string {
  const address = message.email.trim();
  let text = error.replace(/\s+/g, ' ').trim();
  if (address) text = text.replace(new RegExp(escapeRegExp(address), 'gi'), '<visitor>');
  return text.slice(0, 300) || 'unknown error';
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Writes what one send did to the message `id`, and says so in the log. `attempt` is 1 for the first. */
export async function recordAttempt(
  db: Database,
  id: string,
  message: ContactMessage,
  attempt: number,
  result: MailResult,
): Promise<AttemptOutcome> {
  if (result.status === 'success') {
    await recordDelivered(db, id);
    if (attempt > 1) console.info(`contact: message ${id} delivered on attempt ${attempt}.`);
    return { status: 'delivered' };
  }
  const error = safeError(result.error, message);
  const outcome = await recordFailure(db, id, error);
  if (outcome.status === 'retrying') {
    console.warn(`contact: message ${id}: attempt ${attempt} failed (${error}); kept, next attempt in ${seconds(backoffMs(attempt))}.`);
  } else if (outcome.status === 'failed') {
    console.warn(`contact: message ${id}: attempt ${attempt} failed (${error}); giving up after 24 hours of retries.`);
  }
  return outcome;
}

/** Mails a kept message this caller has claimed, then records the outcome. Throws only when the database does. */
export async function deliverKept(db: Database, id: string, message: ContactMessage, attempt: number): Promise<AttemptOutcome> {
  const result = await sendContactMail(message);
  return recordAttempt(db, id, message, attempt, result);
}
