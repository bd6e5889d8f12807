import type { Server } from 'node:http';
import { FUNCTION_TIMEOUT_MS } from '../app/contact/config.server';

/**
 * How long requests in flight get to finish after SIGTERM or SIGINT. The
 * longest request the server answers is a contact message, which the action
 * gives up on after FUNCTION_TIMEOUT_MS (10 s) from its own start, so this
 * bound lets every one that was running when the signal came finish.
 */
export const SHUTDOWN_GRACE_MS = FUNCTION_TIMEOUT_MS;

/** What `cleanup` gets, once the last request has been answered. */
export const CLEANUP_TIMEOUT_MS = 15_000;

/**
 * Graceful stop on SIGTERM (process managers, containers) and SIGINT (Ctrl-C):
 * stop accepting connections, close the idle keep-alive ones, let the
 * requests in flight finish and close each connection as its answer is sent,
 * run `cleanup` (the mail queue's send in progress, the database's pool, then the embedded engine), then exit
 * 0. Whatever is still open after SHUTDOWN_GRACE_MS is closed; a cleanup
 * still running after CLEANUP_TIMEOUT_MS is abandoned. A second signal exits
 * at once.
 */
export function stopGracefullyOnSignals(
  server: Server,
  { graceMs = SHUTDOWN_GRACE_MS, cleanup }: { graceMs?: number; cleanup?: () => Promise<void> } = {},
): void {
  let inFlight = 0;
  let stopping = false;

  server.on('request', (_req, res) => {
    inFlight++;
    // A new request on a connection that was kept alive: answer it, then close.
    if (stopping) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight--;
      // Its connection is idle now; nothing else will use it.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`${signal} again: exiting at once.`);
      process.exit(1);
    }
    stopping = true;
    const started = performance.now();
    console.log(`${signal}: stopping; ${inFlight} request(s) in flight get up to ${graceMs / 1000} s to finish.`);
    server.close(async () => {
      if (cleanup) {
        const timeout = new Promise((resolve) => setTimeout(resolve, CLEANUP_TIMEOUT_MS));
        await Promise.race([cleanup().catch((error) => console.error('Cleanup failed:', error)), timeout]);
      }
      console.log(`Stopped in ${Math.round(performance.now() - started)} ms.`);
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      console.warn(`Still ${inFlight} request(s) in flight after ${graceMs / 1000} s: closing their connections.`);
      server.closeAllConnections();
    }, graceMs).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
