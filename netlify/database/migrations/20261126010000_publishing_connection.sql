-- The editor's connection to the site's repository, made by the owner on
-- /admin/publishing (when Netlify's settings do not already name one).
-- One row at most. The token is stored sealed (AES-256-GCM under a key
-- derived from the site's SESSION_SECRET, app/editing/token-box.server.ts),
-- never in clear; it is never shown again once saved.
CREATE TABLE publishing_connection (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  -- The https address of the repository, e.g. https://github.com/owner/portfolio.
  repository text NOT NULL CHECK (length(repository) BETWEEN 8 AND 500),
  branch text NOT NULL CHECK (length(branch) BETWEEN 1 AND 200),
  token_sealed text NOT NULL CHECK (token_sealed LIKE 'v1.%'),
  -- When GitHub says the token expires; null when unknown (another host, or no expiry).
  token_expires_at timestamptz,
  -- When the token was last checked for reading and for pushing.
  checked_at timestamptz NOT NULL DEFAULT now(),
  connected_at timestamptz NOT NULL DEFAULT now()
);
