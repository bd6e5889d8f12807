import { isDatabaseUnavailable } from '~/db/connection.server';
import { currentMailMode, FUNCTION_TIMEOUT_MS } from './config.server';
import type { ContactMessage } from './schema';
import { sendContactMail, type MailResult } from './mail.server';
import { deliverKept, recordAttempt, safeError } from './delivery.server';
import { keepMessage, processDatabase } from './messages.server';
import { noteMailDue } from './queue-schedule.server';

/**
 * What the send-email function does with a valid message: keep it first,
 * then mail it, then record how that went. The visitor is told it was sent
 * when it was kept OR mailed: a kept message reaches the owner's inbox and
 * the mail queue retries it, so it is not lost.
 *
 * Without a database (none configured, down, or too slow) it is mailed as
 * before, and the log says it was not kept. Only when neither worked does
 * the visitor see the error (and keeps what they typed).
 */

export type IntakeOutcome = { kept: boolean; mailed: boolean };

/** A database that has not stored the message by then is treated as unavailable (a dead one fails in 2 s). */
export const KEEP_WAIT_MS = 2_500;
/**
 * The function answers within this, whatever the mail server does once the
 * message is kept: the action gives up on it at FUNCTION_TIMEOUT_MS, and
 * would then tell the visitor it failed although it was kept.
 */
export const ANSWER_WITHIN_MS = FUNCTION_TIMEOUT_MS - 1_000;

/** Resolves with `promise`'s value, or undefined once `ms` have passed (the promise carries on). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

type Kept = { id: string } | { error: unknown };

/** `waitUntil` keeps work going after the answer (Netlify's context.waitUntil; locally the process simply lives on). */
export async function takeInMessage(
  message: ContactMessage,
  waitUntil: (work: Promise<unknown>) => void = () => {},
): Promise<IntakeOutcome> {
  if ((await currentMailMode()) === 'inbox') return keepInInbox(message);
  const started = performance.now();
  const left = () => ANSWER_WITHIN_MS - (performance.now() - started);
  // Never rejects, so it can be awaited now and again later.
  const keeping: Promise<Kept> = keepMessage(message).then(
    (id) => ({ id }),
    (error: unknown) => ({ error }),
  );
  const early = await within(keeping, KEEP_WAIT_MS);

  if (early && 'id' in early) {
    const { id } = early;
    // If this first send fails or is cut short, the scheduled queue must know to wake the database for it.
    waitUntil(noteMailDue(id));
    const attempt = processDatabase()
      .then((db) => deliverKept(db, id, message, 1))
      .catch((error: unknown): 'unrecorded' => {
        // Mailed or not, the database failed us while recording it; the claim
        // runs out in 2 minutes and the queue sends it (again, if it was mailed).
        console.warn(`contact: message ${id}: could not record the attempt (${describe(error)}).`);
        return 'unrecorded';
      });
    const outcome = await within(attempt, left());
    if (outcome === undefined) {
      waitUntil(attempt);
      console.warn(`contact: message ${id} is kept; its mail was still being sent when the visitor was answered.`);
    }
    return { kept: true, mailed: typeof outcome === 'object' && outcome.status === 'delivered' };
  }

  const why = early
    ? isDatabaseUnavailable(early.error)
      ? describe(early.error)
      : `unexpected error: ${describe(early.error)}`
    : `no answer within ${KEEP_WAIT_MS} ms`;
  const result: MailResult = await sendContactMail(message);
  // A database that was only slow may still keep it: then record what this
  // send did, so the queue neither mails it again nor forgets it failed.
  const late: Promise<boolean> | undefined = early
    ? undefined
    : keeping.then(async (kept) => {
        if (!('id' in kept)) return false;
        const db = await processDatabase().catch(() => undefined);
        await (db && recordAttempt(db, kept.id, message, 1, result).catch(() => undefined));
        if (result.status !== 'success') await noteMailDue(kept.id);
        return true;
      });

  // It may land after the answer; the function must not be frozen before then.
  if (late) waitUntil(late);
  if (result.status === 'success') {
    console.warn(`contact: database unavailable (${why}); message mailed without being kept.`);
    return { kept: false, mailed: true };
  }
  if (late && (await within(late, left()))) return { kept: true, mailed: false };
  console.error(
    `send-email: sending failed: ${safeError(result.error, message)}; database unavailable (${why}): the message was neither kept nor mailed.`,
  );
  return { kept: false, mailed: false };
}

/**
 * No mail account on this deploy: the message is kept in the owner's inbox,
 * and that is the whole delivery. Without a database it cannot be kept
 * anywhere, so the visitor is told it failed (and keeps what they typed).
 */
async function keepInInbox(message: ContactMessage): Promise<IntakeOutcome> {
  const kept = await within(
    keepMessage(message, undefined, { inboxOnly: true }).then(
      (id) => ({ id }),
      (error: unknown) => ({ error }),
    ),
    KEEP_WAIT_MS,
  );
  if (kept && 'id' in kept) return { kept: true, mailed: false };
  const why = kept ? describe(kept.error) : `no answer within ${KEEP_WAIT_MS} ms`;
  console.error(`send-email: no mail account is set up and the message could not be kept (${why}): it was neither kept nor mailed.`);
  return { kept: false, mailed: false };
}
