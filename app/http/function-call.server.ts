import { bearerMatches } from '~/access/constant-time.server';
import { ensureSiteSecrets } from '~/access/site-secrets.server';
import { loadSiteAddress } from './site-address.server';
import { readJsonBody } from './read-body.server';

/**
 * What the site's own functions (send-email, content-check) check before
 * they read a word of a call: a POST, the bearer secret they share with
 * their one caller, and a UTF-8 JSON body within their cap. Each refusal is
 * a status and the sentence the function answers with.
 */

export type FunctionCall = { json: unknown } | { status: number; error: string; headers?: Record<string, string> };

const UNAUTHORIZED = {
  status: 401,
  error: 'Unauthorized.',
  headers: { 'www-authenticate': 'Bearer' },
};

const BODY_ERRORS = {
  400: 'Request body must be UTF-8 JSON.',
  413: 'Request body too large.',
  415: 'Content-Type must be application/json.',
} as const;

type Options = {
  /** The function's name, for the log. */
  name: string;
  /** The bearer secret; read after the site's generated secrets are loaded (they may come from the database). */
  secret: () => string | undefined;
  /** What to set when there is no secret: the log says it once per call. */
  missingSecret: string;
  /** The body's cap in bytes. */
  limit: number;
};

export async function readFunctionCall(request: Request, { name, secret, missingSecret, limit }: Options): Promise<FunctionCall> {
  if (request.method !== 'POST')
    return {
      status: 405,
      error: 'Method not allowed.',
      headers: { allow: 'POST' },
    };
  await ensureSiteSecrets();
  const expected = secret();
  if (!expected) {
    // Misconfigured deploy: refuse everything rather than run unauthenticated.
    console.error(`${name}: ${missingSecret}; refusing every request.`);
    return UNAUTHORIZED;
  }
  if (!bearerMatches(request.headers.get('authorization'), expected)) return UNAUTHORIZED;
  // The domain the site answers at, for what this call mails (its sender); read alongside, never waited for.
  void loadSiteAddress();
  const body = await readJsonBody(request, limit);
  if ('refused' in body) return { status: body.refused, error: BODY_ERRORS[body.refused] };
  return body;
}
