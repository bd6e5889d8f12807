import type { Config } from '@netlify/functions';
import { isDatabaseUnavailable, type Database } from '../../app/db/connection.server';
import { processDatabase } from '../../app/contact/messages.server';
import { dueWork, openJobsStore, settleSchedule } from '../../app/contact/queue-schedule.server';
import { runMailQueue } from '../../app/contact/queue.server';
import { runInsightsRollup } from '../../app/insights/rollup.server';

/**
 * mail-queue: Netlify's scheduler runs the mail queue (app/contact/queue.server.ts)
 * every 5 minutes: contact messages whose send failed are tried again, and
 * those older than 24 hours are given up on. Once a day it also deletes old
 * messages, rate-limit rows and expired owner sessions, and rolls up finished
 * days of reading insights. A run touches the database only when one of
 * those is due (app/contact/queue-schedule.server.ts), so the database can
 * sleep between visits. A scheduled function has no URL and
 * runs on the published deploy only. `npm start` runs the same job on a
 * timer instead (scripts/mail-queue-timer.ts).
 */

export const config: Config = { schedule: '*/5 * * * *' };

/** A scheduled function has 30 s; no batch starts that could end after this. */
const BUDGET_MS = 25_000;

export default async (_request: Request): Promise<Response> => {
  // Netlify Database bills the hours it is awake: the job wakes it only when something is due (queue-schedule.server.ts).
  const schedule = await openJobsStore().catch(() => null);
  const due = await dueWork(schedule);
  if (!due.mail && !due.housekeeping) return new Response(null, { status: 204 });
  let db: Database;
  try {
    db = await processDatabase();
  } catch (error) {
    if (isDatabaseUnavailable(error)) console.warn(`mail-queue: ${error.message}; nothing to send.`);
    else console.error('mail-queue: failed', error);
    return new Response(null, { status: 204 });
  }
  try {
    const run = await runMailQueue({ db, budgetMs: BUDGET_MS, housekeeping: due.housekeeping });
    if (run.delivered || run.retrying || run.failed) {
      console.log(`mail-queue: ${run.delivered} delivered, ${run.retrying} to retry, ${run.failed} failed.`);
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) console.warn(`mail-queue: ${error.message}; nothing to send.`);
    else console.error('mail-queue: failed', error);
  }
  if (due.housekeeping) {
    try {
      const rollup = await runInsightsRollup();
      if (rollup.days.length) console.log(`insights: rolled up ${rollup.days.join(', ')}.`);
    } catch (error) {
      if (isDatabaseUnavailable(error)) console.warn(`insights: ${error.message}; nothing rolled up.`);
      else console.error('insights: the rollup failed', error);
    }
  }
  try {
    await settleSchedule(schedule, db, { housekeepingDone: due.housekeeping });
  } catch (error) {
    console.warn(
      `mail-queue: the schedule could not be updated (${error instanceof Error ? error.message : String(error)}); the next run does everything.`,
    );
  }
  return new Response(null, { status: 204 });
};
