import type { Config } from '@netlify/functions';
import { isDatabaseUnavailable } from '../../app/db/connection.server';
import { runMailQueue } from '../../app/contact/queue.server';
import { runInsightsRollup } from '../../app/insights/rollup.server';

/**
 * mail-queue: Netlify's scheduler runs the mail queue (app/contact/queue.server.ts)
 * every 5 minutes: contact messages whose send failed are tried again, those
 * older than 24 hours are given up on, and old messages, rate-limit rows and
 * expired owner sessions are deleted; then finished days of reading insights
 * are rolled up and old raw events and salts deleted. A scheduled function has no URL and
 * runs on the published deploy only. `npm start` runs the same job on a
 * timer instead (scripts/mail-queue-timer.ts).
 */

export const config: Config = { schedule: '*/5 * * * *' };

/** A scheduled function has 30 s; no batch starts that could end after this. */
const BUDGET_MS = 25_000;

export default async (_request: Request): Promise<Response> => {
  try {
    const run = await runMailQueue({ budgetMs: BUDGET_MS });
    if (run.delivered || run.retrying || run.failed) {
      console.log(`mail-queue: ${run.delivered} delivered, ${run.retrying} to retry, ${run.failed} failed.`);
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) console.warn(`mail-queue: ${error.message}; nothing to send.`);
    else console.error('mail-queue: failed', error);
  }
  try {
    const rollup = await runInsightsRollup();
    if (rollup.days.length) console.log(`insights: rolled up ${rollup.days.join(', ')}.`);
  } catch (error) {
    if (isDatabaseUnavailable(error)) console.warn(`insights: ${error.message}; nothing rolled up.`);
    else console.error('insights: the rollup failed', error);
  }
  return new Response(null, { status: 204 });
};
