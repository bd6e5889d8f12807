import type { Context } from '@netlify/functions';
import { takeInMessage } from '../../app/contact/intake.server';
import { getFunctionSecret, MAX_BODY_BYTES } from '../../app/contact/config.server';
import { validateContact } from '../../app/contact/schema';
import { readFunctionCall } from '../../app/http/function-call.server';

/**
 * send-email: turns one authenticated JSON contact message into one e-mail,
 * keeping it in the database first so the mail queue (mail-queue.ts) can
 * retry it while mail is down.
 * Netlify Functions API v2, served at the default /.netlify/functions/send-email
 * (no `config.path`, so that URL keeps working). `npm start` mounts this same
 * file in scripts/serve.ts.
 *
 * Its only caller is the `/` action, which holds the bearer token; without the
 * token this is not a mail relay for anyone else. It trusts nothing the
 * caller says and validates the message again.
 *
 * Answers are JSON `{ status: 'success' }` (kept or mailed) or
 * `{ status: 'error', error, fieldErrors? }` (502: neither).
 */

function reply(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

const refuse = (status: number, error: string, headers?: Record<string, string>) => reply(status, { status: 'error', error }, headers);

async function handle(req: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response> {
  // The secret is made on the site's first start and kept in the database, unless set in the environment.
  const call = await readFunctionCall(req, {
    name: 'send-email',
    secret: getFunctionSecret,
    missingSecret: 'CONTACT_FUNCTION_SECRET is not set',
    limit: MAX_BODY_BYTES,
  });
  if (!('json' in call)) return refuse(call.status, call.error, call.headers);

  const validation = validateContact(call.json);
  if (!validation.success) {
    return reply(422, {
      status: 'error',
      error: 'Invalid contact message.',
      fieldErrors: validation.fieldErrors,
    });
  }

  // Kept first, then mailed (app/contact/intake.server.ts): either one is a
  // success for the visitor. The detail stays in the log.
  const { kept, mailed } = await takeInMessage(validation.data, waitUntil);
  if (!kept && !mailed) return refuse(502, 'Failed to send message.');
  return reply(200, { status: 'success' });
}

export default async (req: Request, context: Context): Promise<Response> => {
  try {
    // Netlify ends the invocation with the answer unless told to wait; locally the process lives on.
    const waitUntil = (work: Promise<unknown>) => context?.waitUntil?.(work);
    return await handle(req, waitUntil);
  } catch (error) {
    // A broken stream or a bug: still a clean answer, never a 500 with a trace.
    console.error('send-email: unexpected error', error);
    return refuse(400, 'Bad request.');
  }
};
