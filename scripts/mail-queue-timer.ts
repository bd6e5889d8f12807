import { isDatabaseUnavailable } from '../app/db/connection.server';
import { runMailQueue } from '../app/contact/queue.server';
import { runInsightsRollup } from '../app/insights/rollup.server';

/**
 * The mail queue under `npm start` and `npm run dev`, where Netlify's
 * scheduler (netlify/functions/mail-queue.ts) does not run: the same job
 * on a timer in the server process. It ticks every 20 s, so a message whose
 * first send failed (next attempt 30 s later) is tried again within a
 * minute. Until the database is ready (or without one) a tick does nothing.
 */

export const MAIL_QUEUE_INTERVAL_MS = 20_000;
/** Reading insights are rolled up at most this often (a day is due only once it is over). */
const ROLLUP_EVERY_MS = 5 * 60 * 1000;
/** The first tick, soon after the start: messages left over from the last run are due already. */
const FIRST_TICK_MS = 3_000;

export type MailQueueTimer = {
  /** No further tick starts; resolves once the one running (if any) has finished. */
  stop(): Promise<void>;
};

export function startMailQueueTimer(intervalMs = MAIL_QUEUE_INTERVAL_MS): MailQueueTimer {
  let running: Promise<void> | undefined;
  let lastRollup = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Said once per change, not on every tick.
  let lastState: string | undefined;
  const report = (state: string, line: () => void) => {
    if (state !== lastState) line();
    lastState = state;
  };

  const tick = async () => {
    try {
      const run = await runMailQueue({ budgetMs: intervalMs });
      report('running', () => console.log(`Mail queue: running (tries failed contact messages again every ${intervalMs / 1000} s).`));
      if (run.delivered || run.retrying || run.failed) {
        console.log(`Mail queue: ${run.delivered} delivered, ${run.retrying} to retry, ${run.failed} failed.`);
      }
      // Reading insights: finished days rolled up, old events and salts deleted (cheap when there is nothing to do).
      if (Date.now() - lastRollup >= ROLLUP_EVERY_MS) {
        lastRollup = Date.now();
        const rollup = await runInsightsRollup();
        if (rollup.days.length) console.log(`Insights: rolled up ${rollup.days.join(', ')}.`);
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        report(`unavailable: ${error.reason}`, () => console.log(`Mail queue: waiting for the database (${error.message}).`));
      } else {
        report('error', () =>
          console.warn(
            `Mail queue: the run failed (${error instanceof Error ? error.message : String(error)}); trying again in ${intervalMs / 1000} s.`,
          ),
        );
      }
    }
  };

  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        if (!stopped) schedule(intervalMs);
      });
    }, ms);
    // The server keeps the process alive; this timer must not.
    timer.unref();
  };
  schedule(FIRST_TICK_MS);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
