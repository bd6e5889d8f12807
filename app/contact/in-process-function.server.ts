/**
 * The local server (npm start, npm run dev) runs the send-email function in
 * its own process, so the action calls it directly instead of over HTTP to
 * itself: a call over HTTP needs the server to accept a new connection,
 * which it stops doing at SIGTERM, and a message in flight then was lost
 * ("fetch failed"). On Netlify nothing is registered and the action calls
 * the deployed function by its URL.
 *
 * Work the function leaves running after its answer (waitUntil) is tracked,
 * so the server's shutdown waits for it too.
 *
 * On globalThis: this module is bundled twice into one local process.
 */

type FunctionContext = { waitUntil(work: Promise<unknown>): void };
export type InProcessFunction = (request: Request, context: FunctionContext) => Promise<Response>;

type Registry = { sendEmail?: InProcessFunction; pending: Set<Promise<unknown>> };
const KEY = Symbol.for('portfolio.in-process-functions');
const registry = (): Registry => ((globalThis as Record<symbol, Registry>)[KEY] ??= { pending: new Set() });

export function runSendEmailInProcess(handler: InProcessFunction): void {
  registry().sendEmail = handler;
}

/** The send-email function of this process, with its context, or undefined on Netlify. */
export function inProcessSendEmail(): ((request: Request) => Promise<Response>) | undefined {
  const { sendEmail, pending } = registry();
  if (!sendEmail) return undefined;
  const waitUntil = (work: Promise<unknown>) => {
    const tracked = work.catch(() => {}).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  return (request) => sendEmail(request, { waitUntil });
}

/** Resolves once the work the function left running has finished (the server's shutdown waits for it). */
export async function settleInProcessWork(): Promise<void> {
  while (registry().pending.size) await Promise.allSettled([...registry().pending]);
}
