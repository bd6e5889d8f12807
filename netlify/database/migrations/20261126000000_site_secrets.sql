-- Secrets the site makes for itself on its first start, so a deploy needs no
-- hand-made random values: the session secret (unlocks, share links, the
-- limits' keys) and the contact form's bearer. Every instance inserts its own
-- candidate and keeps whichever row won (ON CONFLICT DO NOTHING), so all
-- instances agree, and a restart finds the same ones. The environment, when
-- set, always wins over these rows.
CREATE TABLE site_secrets (
  name text PRIMARY KEY CHECK (name ~ '^[A-Z][A-Z0-9_]*$'),
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
