-- Reading insights: cookieless, first-party counts of what visitors read.
-- Events are appended raw, rolled up into daily figures once their day is
-- over, and deleted after 90 days; the rollups are kept. No IP address, user
-- agent or cross-day identifier is ever stored: `visitor` is a hash of the
-- day's random salt, the IP and the user agent, and each salt is deleted
-- when its day ends, after which no hash can be linked to anyone again.
-- Days are UTC.

-- One random salt per UTC day; deleted once the day is over.
CREATE TABLE insight_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL CHECK (length(salt) = 32)
);

-- Append-only. One row per page view, per batch of reading (sections seen,
-- engaged time), per résumé download, per contact message and per share-link open.
CREATE TABLE insight_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  day date NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')::date,
  kind text NOT NULL CHECK (kind IN ('view', 'read', 'resume', 'message', 'link-open')),
  -- The page: '/', '/resume', '/privacy', '/case-study/<slug>' or '404'.
  path text CHECK (length(path) BETWEEN 1 AND 120),
  -- 16 bytes of SHA-256(day's salt, IP, user agent), base64url; null for server-side events.
  visitor text CHECK (visitor ~ '^[A-Za-z0-9_-]{22}$'),
  referrer text CHECK (referrer ~ '^[a-z0-9.-]{1,253}$'),
  utm_source text CHECK (length(utm_source) BETWEEN 1 AND 64),
  device text CHECK (device IN ('phone', 'tablet', 'desktop')),
  -- Sections whose heading came into view: bit n-1 for section n (1…9).
  sections integer NOT NULL DEFAULT 0 CHECK (sections BETWEEN 0 AND 511),
  -- Seconds the page was visible and in use since the last batch.
  engaged_s integer NOT NULL DEFAULT 0 CHECK (engaged_s BETWEEN 0 AND 1800),
  -- The share link the visitor came through, if any (no foreign key: events outlive links).
  link_id text CHECK (link_id ~ '^[A-Za-z0-9_-]{22}$')
);
-- The rollup and the dashboard read a day at a time; the purge deletes by day.
CREATE INDEX insight_events_day_idx ON insight_events (day, kind);

-- Daily figures, made from a finished day's events by the rollup job and kept.
-- `figure` says what a row counts and `key` what of:
--   total      visitors | views | readers | resume-downloads | messages | link-opens
--   page       a path: views (count) and visitors
--   referrer   a host, or 'utm:<source>': views
--   device     phone | tablet | desktop: views
--   reader     a case-study slug: readers
--   section    '<slug>#<n>': readers whose section n came into view
--   engaged    '<slug>#<seconds>': readers whose engaged time fell in that 10-second bucket
--   link-open  a link id: opens
CREATE TABLE insight_daily (
  day date NOT NULL,
  figure text NOT NULL CHECK (figure IN ('total', 'page', 'referrer', 'device', 'reader', 'section', 'engaged', 'link-open')),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 300),
  count integer NOT NULL CHECK (count >= 0),
  visitors integer NOT NULL DEFAULT 0 CHECK (visitors >= 0),
  PRIMARY KEY (day, figure, key)
);

-- The days whose events have been rolled up (the dashboard reads raw events for every other day).
CREATE TABLE insight_rollups (
  day date PRIMARY KEY,
  rolled_up_at timestamptz NOT NULL DEFAULT now()
);

-- How far each link's recipient read each case study it opened (the highest section seen).
ALTER TABLE share_link_views ADD COLUMN furthest_section smallint NOT NULL DEFAULT 0 CHECK (furthest_section BETWEEN 0 AND 9);
