-- The owner's area: limits that hold across instances, the owner's sessions,
-- share links for private case studies, and contact messages kept until
-- they are delivered. Netlify applies this file before the deploy that
-- brings it is published; once applied it must never change (add a new
-- migration instead). No IP address is ever stored.

-- One row per limited key ("<scope>:<HMAC-SHA256 of the client's IP>"), counted in fixed windows.
CREATE TABLE rate_limits (
  key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
  hits integer NOT NULL CHECK (hits >= 0),
  window_started timestamptz NOT NULL DEFAULT now()
);
-- Deleting rows whose window ended long ago.
CREATE INDEX rate_limits_window_started_idx ON rate_limits (window_started);

-- The owner's signed-in sessions. id is the SHA-256 (hex) of the cookie's token, never the token.
CREATE TABLE admin_sessions (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  CHECK (expires_at > created_at),
  CHECK (last_seen_at >= created_at)
);
-- Deleting expired sessions.
CREATE INDEX admin_sessions_expires_at_idx ON admin_sessions (expires_at);

-- Links that open private case studies without the password. id: 16 random bytes, base64url.
CREATE TABLE share_links (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  label text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 200),
  -- Slugs of the private case studies it opens; empty means all of them.
  case_studies text[] NOT NULL DEFAULT '{}' CHECK (array_position(case_studies, NULL) IS NULL),
  notify_on_open boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  first_opened_at timestamptz,
  last_opened_at timestamptz,
  opens integer NOT NULL DEFAULT 0 CHECK (opens >= 0),
  notified_at timestamptz,
  CHECK (expires_at > created_at),
  CHECK ((opens = 0) = (first_opened_at IS NULL)),
  CHECK ((first_opened_at IS NULL) = (last_opened_at IS NULL)),
  CHECK (last_opened_at >= first_opened_at)
);
-- The owner's list, newest first.
CREATE INDEX share_links_created_at_idx ON share_links (created_at DESC);

-- What each link's visitor read: one row per link and case study.
CREATE TABLE share_link_views (
  link_id text NOT NULL REFERENCES share_links (id) ON DELETE CASCADE,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  first_viewed_at timestamptz NOT NULL DEFAULT now(),
  last_viewed_at timestamptz NOT NULL DEFAULT now(),
  views integer NOT NULL DEFAULT 1 CHECK (views >= 1),
  PRIMARY KEY (link_id, slug),
  CHECK (last_viewed_at >= first_viewed_at)
);

-- Contact messages, kept until delivered (or given up on) so none is lost while mail is down.
CREATE TABLE contact_messages (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  -- A sender that claimed the message holds it until then.
  claimed_until timestamptz,
  last_error text,
  -- When the last attempt failed (last_error says why); kept after a later delivery.
  last_failed_at timestamptz,
  delivered_at timestamptz,
  -- The owner's "done" mark in the inbox, whatever the delivery status.
  done_at timestamptz,
  CHECK ((status = 'delivered') = (delivered_at IS NOT NULL))
);
-- The sender's query: what is due now, by status.
CREATE INDEX contact_messages_due_idx ON contact_messages (status, next_attempt_at);
-- The owner's inbox, newest first.
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);
