import { randomBytes } from 'node:crypto';
import { query } from '~/db/connection.server';
import { readEnv } from '~/settings/env.server';

/**
 * The secrets a deploy would otherwise need made by hand, generated on the
 * site's first start and kept in the database (table site_secrets):
 * SESSION_SECRET (private unlocks, share links, the limits' keys) and
 * CONTACT_FUNCTION_SECRET (the contact form's bearer to send-email).
 *
 * The code that uses them reads process.env synchronously, as it always has;
 * this fills process.env from the database before a request that needs one.
 * Each instance proposes its own random value and keeps whichever row won,
 * so every instance (and every function) agrees, and restarts find the same
 * ones. A value set in the environment always wins and is never replaced.
 * Nothing here logs or returns a value.
 */

export const GENERATED_SECRETS = ['SESSION_SECRET', 'CONTACT_FUNCTION_SECRET'] as const;

/** After a failed load, the next request tries again no sooner than this. */
const RETRY_AFTER_MS = 5_000;

type State = {
  loading?: Promise<void>;
  failedAt?: number;
  fromDatabase: Set<string>;
};

// Bundled more than once into one local process (the Remix build and the functions): one state.
const STATE = Symbol.for('portfolio.site-secrets');
const state = (): State =>
  ((globalThis as Record<symbol, State>)[STATE] ??= {
    fromDatabase: new Set(),
  });

const missing = () => GENERATED_SECRETS.filter((name) => !readEnv(name));

async function load(names: string[]): Promise<void> {
  const candidates = names.map(() => randomBytes(32).toString('base64url'));
  await query('INSERT INTO site_secrets (name, value) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (name) DO NOTHING', [
    names,
    candidates,
  ]);
  const rows = await query<{ name: string; value: string }>('SELECT name, value FROM site_secrets WHERE name = ANY($1::text[])', [names]);
  for (const row of rows) {
    if (process.env[row.name]?.trim()) continue;
    process.env[row.name] = row.value;
    state().fromDatabase.add(row.name);
  }
}

/**
 * Fills the missing generated secrets from the database (making them on the
 * very first start). Never throws: without a database the secrets stay
 * missing, and what needs them says so as it always did (the contact
 * function refuses, unlocks and share links are off, the limits count in
 * memory). Concurrent callers share one load.
 */
export async function ensureSiteSecrets(): Promise<void> {
  const names = missing();
  if (names.length === 0) return;
  const current = state();
  if (current.loading) return current.loading;
  if (current.failedAt !== undefined && Date.now() - current.failedAt < RETRY_AFTER_MS) return;
  current.loading = load(names)
    .then(() => {
      current.failedAt = undefined;
    })
    .catch((error: unknown) => {
      current.failedAt = Date.now();
      console.warn(
        `Site secrets: could not read or make them in the database (${error instanceof Error ? error.message : String(error)}); what needs them is off until it can.`,
      );
    })
    .finally(() => {
      current.loading = undefined;
    });
  return current.loading;
}

/** Which secrets came from the database (for the owner's area: "made for you"), never their values. */
export function secretsFromDatabase(): string[] {
  return [...state().fromDatabase];
}

/**
 * Whether a request may need a secret: anything but a plain read, the
 * owner's area, share links and what they open, and any request carrying a
 * cookie (a visitor who unlocked private work). Other public pages never wait
 * for the database.
 */
export function requestNeedsSecrets(request: Request, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  if (request.headers.has('cookie')) return true;
  return /^\/(admin|s|shared|private-media)(\/|$)/.test(pathname);
}

/** Wraps a request handler so the secrets are in place before a request that may need them. */
export function withSiteSecrets<A extends unknown[], R>(handler: (request: Request, ...rest: A) => Promise<R>) {
  return async (request: Request, ...rest: A): Promise<R> => {
    if (missing().length > 0 && requestNeedsSecrets(request, new URL(request.url).pathname)) await ensureSiteSecrets();
    return handler(request, ...rest);
  };
}
