-- The editor's drafts (issue 21): what the designer typed and has not
-- published, kept as they type so a closed tab, a failed push or an expired
-- session loses nothing. One owner, so one draft per content file: `path` is
-- the file's path in the repository (content/…), `text` the whole file as it
-- would be published, `base_blob_id` the git blob it was opened from (null for
-- a file that does not exist yet), which the publish checks for conflicts.
CREATE TABLE content_drafts (
  path text PRIMARY KEY CHECK (path ~ '^content/[a-z0-9][a-z0-9._/-]*$' AND length(path) <= 200),
  text text NOT NULL,
  base_blob_id text CHECK (base_blob_id ~ '^[0-9a-f]{40}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Images uploaded while editing a document and not yet published. They go
-- with the document's draft (deleted with it) and into its publish commit.
-- `path` is where the image will live (content/case-studies/<slug>/<name>),
-- unique across drafts: two documents cannot both claim one file.
CREATE TABLE content_draft_uploads (
  path text PRIMARY KEY CHECK (path ~ '^content/[a-z0-9][a-z0-9._/-]*$' AND length(path) <= 200),
  document_path text NOT NULL CHECK (document_path ~ '^content/[a-z0-9][a-z0-9._/-]*$'),
  media_type text NOT NULL CHECK (media_type ~ '^[a-z]+/[a-z0-9.+-]+$'),
  bytes bytea NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_draft_uploads_document_idx ON content_draft_uploads (document_path);
