import { data } from '@remix-run/node';
import {
  FUNCTION_PATH,
  FUNCTION_TIMEOUT_MS,
  getFunctionSecret,
  getFunctionUrl,
  getRateLimit,
  MAX_BODY_BYTES,
  RATE_LIMIT_WINDOW_MS,
} from './config.server';
import {
  CONTACT_FIELDS,
  CONTACT_TEXT,
  HONEYPOT_FIELD,
  validateContact,
  type ContactActionData,
  type ContactErrorCode,
  type ContactMessage,
  type ContactValues,
} from './schema';
import { clientKey, take } from '~/db/rate-limit.server';
import { readSmallForm } from '~/http/form.server';
import { clientIp } from '~/http/client-ip.server';
import { recordServerEvent } from '~/insights/record.server';
import { inProcessSendEmail } from './in-process-function.server';

/**
 * The `/` route's action: the form posts here (with or without JavaScript),
 * and this forwards a valid message to the send-email function (over HTTP
 * on Netlify, in-process under the local server). Every outcome
 * is data for the form with a 2xx/4xx/5xx-but-never-500 status; nothing a
 * visitor sends can make it throw.
 */

const EMPTY: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  message: '',
};

function failure(status: number, code: ContactErrorCode, values: ContactValues) {
  return data<ContactActionData>(
    { status: 'error', error: CONTACT_TEXT.errorBody, code, values },
    { status, headers: { 'cache-control': 'no-store' } },
  );
}

function readValues(form: FormData): ContactValues {
  const values = { ...EMPTY };
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

async function readForm(request: Request): Promise<FormData | number> {
  if (request.method !== 'POST') return 405;
  // JSON and everything else that is not a form is refused (415): the form never sends them.
  return readSmallForm(request, MAX_BODY_BYTES);
}

/** The in-process call gets the same bound as the call over HTTP. */
function withinTimeout(answer: Promise<Response>): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), FUNCTION_TIMEOUT_MS);
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

type Forwarded = { ok: true } | { ok: false; status: number; code: ContactErrorCode; reason: string };

async function forwardToFunction(request: Request, message: ContactMessage): Promise<Forwarded> {
  const secret = getFunctionSecret();
  if (!secret)
    return {
      ok: false,
      status: 503,
      code: 'unavailable',
      reason: 'CONTACT_FUNCTION_SECRET is not set',
    };
  const local = inProcessSendEmail();
  const url = local ? FUNCTION_PATH : getFunctionUrl(request);
  const call: RequestInit = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${secret}`,
    },
    body: JSON.stringify(message),
    redirect: 'error',
    signal: AbortSignal.timeout(FUNCTION_TIMEOUT_MS),
  };
  try {
    // The same request either way: the function checks the token and the message again.
    const response = local
      ? await withinTimeout(local(new Request(new URL(FUNCTION_PATH, 'http://localhost'), call)))
      : await fetch(url, call);
    // Only the status matters; drain the body so the connection is released.
    const text = await response.text().catch(() => '');
    if (response.ok) return { ok: true };
    return {
      ok: false,
      status: 502,
      code: 'send_failed',
      reason: `${url} answered ${response.status} ${text.slice(0, 200)}`,
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const reason = timedOut ? `no answer from ${url} within ${FUNCTION_TIMEOUT_MS} ms` : `${url}: ${String(error)}`;
    return {
      ok: false,
      status: timedOut ? 504 : 502,
      code: timedOut ? 'timeout' : 'send_failed',
      reason,
    };
  }
}

async function handle(request: Request) {
  const form = await readForm(request);
  if (typeof form === 'number') return failure(form, 'bad_request', EMPTY);
  const values = readValues(form);

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    // Answered exactly like a real success so a bot learns nothing.
    console.info('contact: honeypot filled in; nothing sent.');
    return data<ContactActionData>({ status: 'success' });
  }

  const validation = validateContact(values);
  if (!validation.success) {
    return data<ContactActionData>({ status: 'error', fieldErrors: validation.fieldErrors, values }, { status: 422 });
  }

  // Only messages that would be sent count, so fixing a typo costs nothing.
  // The limit holds across instances (app/db/rate-limit.server.ts); the key is a keyed hash, never the address.
  // While the shared count cannot be read it counts in this process's memory: a few extra messages do no harm.
  if (!(await take(clientKey('contact', clientIp(request)), getRateLimit(), RATE_LIMIT_WINDOW_MS)).allowed) {
    console.warn('contact: rate limit reached for a client');
    return failure(429, 'rate_limited', values);
  }

  const sent = await forwardToFunction(request, validation.data);
  if (!sent.ok) {
    console.error(`contact: sending failed: ${sent.reason}`);
    return failure(sent.status, sent.code, values);
  }
  await recordServerEvent(request, { kind: 'message' });
  return data<ContactActionData>({ status: 'success' }, { headers: { 'cache-control': 'no-store' } });
}

export async function handleContactAction({ request }: { request: Request }) {
  try {
    return await handle(request);
  } catch (error) {
    // Only a broken request stream gets here; still an answer, not a 500.
    console.error('contact: unexpected error', error);
    return failure(400, 'bad_request', EMPTY);
  }
}
