import { query } from '~/db/connection.server';
import { readEnv } from '~/settings/env.server';
import { openToken, sealToken } from './token-box.server';

/**
 * The one kept publishing connection (table publishing_connection): the
 * repository, its branch, the token sealed (token-box.server.ts) and what is
 * known of its expiry. The token comes out of here only to talk to git; it
 * is never returned to a page.
 *
 * A missing or unreachable database throws DatabaseUnavailable, as the other stores do.
 */

export type StoredConnection = {
  repository: string;
  branch: string;
  /** null when it cannot be opened: SESSION_SECRET changed since it was saved. */
  token: string | null;
  expiresAt: Date | null;
  checkedAt: Date;
  connectedAt: Date;
};

type Row = {
  repository: string;
  branch: string;
  token_sealed: string;
  token_expires_at: Date | null;
  checked_at: Date;
  connected_at: Date;
};

export class NoSecretError extends Error {
  constructor() {
    super('The site has no secret to lock the token with yet (SESSION_SECRET). Reload the page and try again.');
    this.name = 'NoSecretError';
  }
}

const secret = () => readEnv('SESSION_SECRET') ?? '';

export async function readConnection(): Promise<StoredConnection | null> {
  const [row] = await query<Row>(
    'SELECT repository, branch, token_sealed, token_expires_at, checked_at, connected_at FROM publishing_connection WHERE only_row',
  );
  if (!row) return null;
  const key = secret();
  return {
    repository: row.repository,
    branch: row.branch,
    token: key ? openToken(row.token_sealed, key) : null,
    expiresAt: row.token_expires_at,
    checkedAt: row.checked_at,
    connectedAt: row.connected_at,
  };
}

/** Keeps a checked connection, replacing any other. Throws NoSecretError without SESSION_SECRET. */
export async function saveConnection({
  repository,
  branch,
  token,
  expiresAt,
}: {
  repository: string;
  branch: string;
  token: string;
  expiresAt: string | null;
}): Promise<void> {
  const key = secret();
  if (!key) throw new NoSecretError();
  await query(
    `INSERT INTO publishing_connection (only_row, repository, branch, token_sealed, token_expires_at, checked_at, connected_at)
     VALUES (true, $1, $2, $3, $4, now(), now())
     ON CONFLICT (only_row) DO UPDATE SET repository = excluded.repository, branch = excluded.branch, token_sealed = excluded.token_sealed,
       token_expires_at = excluded.token_expires_at, checked_at = now(), connected_at = now()`,
    [repository, branch, sealToken(token, key), expiresAt],
  );
}

export async function deleteConnection(): Promise<void> {
  await query('DELETE FROM publishing_connection');
}
