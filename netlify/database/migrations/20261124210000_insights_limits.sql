-- Reading insights: limits that one address cannot get round by changing its
-- user agent, held in the database so they count across every instance. The
-- collector's flush (app/insights/flush.server.ts) reads and writes both
-- tables under one advisory lock, so concurrent flushes cannot overshoot.
-- No address is stored: `address` is a hash of the day's salt and the IP,
-- `visitor` the same daily hash as in insight_events, and no row links the
-- two. Both are deleted with the day's salt, after which neither hash can be
-- linked to anyone.

-- Each visitor's events in its current 10-minute window (EVENTS_PER_VISITOR).
CREATE TABLE insight_visitor_limits (
  day date NOT NULL,
  visitor text NOT NULL CHECK (visitor ~ '^[A-Za-z0-9_-]{22}$'),
  window_started timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (day, visitor)
);

-- How many visitors each address has made today (VISITORS_PER_ADDRESS).
CREATE TABLE insight_address_limits (
  day date NOT NULL,
  address text NOT NULL CHECK (address ~ '^[A-Za-z0-9_-]{22}$'),
  visitors integer NOT NULL CHECK (visitors >= 0),
  PRIMARY KEY (day, address)
);
