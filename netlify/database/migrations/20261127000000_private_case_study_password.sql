-- The password of private case studies, set by the owner in /admin (when
-- Netlify's settings do not already set PRIVATE_CASE_STUDY_PASSWORD, which
-- wins). One row at most. Only a slow salted hash is kept, never the
-- password: scrypt with a salt of its own, its parameters written with it
-- (PHC string format: $scrypt$ln=15,r=8,p=1$<salt>$<hash>), so they can be
-- raised later without making the old one unreadable. Visitors' unlocks
-- are signed over a fingerprint of this value: a new password (even the
-- same one again: a new salt) locks every unlocked visitor out at once.
CREATE TABLE private_case_study_password (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  hash text NOT NULL CHECK (hash LIKE '$scrypt$%' AND length(hash) BETWEEN 40 AND 300),
  set_at timestamptz NOT NULL DEFAULT now()
);
