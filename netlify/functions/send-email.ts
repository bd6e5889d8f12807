import { bearerMatches } from '../../app/access/constant-time.server';
import type { Context } from '@netlify/functions';
import { ensureSiteSecrets } from '../../app/access/site-secrets.server';
import { takeInMessage } from '../../app/contact/intake.server';
import { getFunctionSecret, MAX_BODY_BYTES } from '../../app/contact/config.server';
import { validateContact } from '../../app/contact/schema';
import { declaresTooLarge, mediaType, readLimitedBody } from '../../app/http/read-body.server';

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
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

const refuse = (status: number, error: string, headers?: Record<string, string>) => reply(status, { status: 'error', error }, headers);

async function handle(req: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response> {
  if (req.method !== 'POST') return refuse(405, 'Method not allowed.', { allow: 'POST' });

  // Made on the site's first start and kept in the database, unless set in the environment.
  await ensureSiteSecrets();
  const secret = getFunctionSecret();
  if (!secret) {
    // Misconfigured deploy: refuse everything rather than run unauthenticated.
    console.error('send-email: CONTACT_FUNCTION_SECRET is not set; refusing every request.');
    return refuse(401, 'Unauthorized.', { 'www-authenticate': 'Bearer' });
  }
  if (!bearerMatches(req.headers.get('authorization'), secret)) {
    return refuse(401, 'Unauthorized.', { 'www-authenticate': 'Bearer' });
  }

  if (declaresTooLarge(req, MAX_BODY_BYTES)) return refuse(413, 'Request body too large.');
  if (mediaType(req) !== 'application/json') return refuse(415, 'Content-Type must be application/json.');

  const bytes = await readLimitedBody(req, MAX_BODY_BYTES);
  if (bytes === null) return refuse(413, 'Request body too large.');

  let input: unknown;
  try {
    input = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return refuse(400, 'Request body must be UTF-8 JSON.');
  }

  const validation = validateContact(input);
  if (!validation.success) {
    return reply(422, { status: 'error', error: 'Invalid contact message.', fieldErrors: validation.fieldErrors });
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
