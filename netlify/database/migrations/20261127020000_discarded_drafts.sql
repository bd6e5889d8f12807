-- A discarded draft, kept a short while so "Discard draft" can be undone
-- (app/editing/discarded-drafts.server.ts): the draft's row moves here, its
-- images stay in content_draft_uploads under the same document. One per
-- content file; it goes when it is brought back, when the page is edited
-- again, or once its time is up.
CREATE TABLE content_discarded_drafts (
  path text PRIMARY KEY CHECK (path ~ '^content/[a-z0-9][a-z0-9._/-]*$' AND length(path) <= 200),
  text text NOT NULL,
  base_blob_id text CHECK (base_blob_id ~ '^[0-9a-f]{40}$'),
  created_at timestamptz NOT NULL,
  discarded_at timestamptz NOT NULL DEFAULT now()
);
