-- One-time sign-in links for the owner. When wrong passwords from everywhere
-- together reach the overall cap, password sign-in pauses for everyone; the
-- owner can still get in with a link mailed to CONTACT_TO, used once, within
-- 15 minutes. id is the SHA-256 (hex) of the link's token, never the token.
CREATE TABLE owner_sign_in_links (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
-- Deleting links that can no longer be used.
CREATE INDEX owner_sign_in_links_expires_at_idx ON owner_sign_in_links (expires_at);
