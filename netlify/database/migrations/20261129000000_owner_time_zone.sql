-- The owner's time zone: the owner's area prints times in it, and Insights
-- counts its days in it (an event's day is set when it is written). One row
-- at most; none means UTC. `chosen_by` is 'browser' when her browser's zone
-- was kept on her first visit, 'owner' once she chose one in Settings (a
-- browser never overwrites her choice).
CREATE TABLE owner_time_zone (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  -- An IANA name, e.g. Europe/Amsterdam (checked by the site before it is kept).
  zone text NOT NULL CHECK (zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'),
  chosen_by text NOT NULL CHECK (chosen_by IN ('owner', 'browser')),
  set_at timestamptz NOT NULL DEFAULT now()
);
