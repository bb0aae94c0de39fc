-- Media uploads (spec part 1 §7 "Media"): one row per media_uuid that get-media-upload-details
-- issued, owned by the user who asked for it. The file itself lives on disk (the server's media
-- directory, named by its media_uuid) once uploaded; the demo bots' own media are files shipped
-- with the server and need no row. Rows go with the profile (ON DELETE CASCADE); the media sweep
-- then removes the files no row names.

CREATE TABLE media (
  media_uuid        uuid PRIMARY KEY,
  user_uuid         uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  -- chat (a message attachment), feedback (a screenshot) or profile (a photo).
  purpose           text NOT NULL CHECK (purpose IN ('chat', 'feedback', 'profile')),
  kind              text NOT NULL CHECK (kind IN ('image', 'video', 'audio', 'document')),
  -- The declared type (lower case, no parameters): the upload's first bytes must match it.
  content_type      text NOT NULL,
  created_at        bigint NOT NULL,
  -- When the signed upload policy stops being accepted.
  expires_at        bigint NOT NULL,
  -- An upload is being received (a concurrent second one is refused); cleared when it fails.
  upload_started_at bigint,
  uploaded_at       bigint,
  size              bigint CHECK (size > 0)
);
CREATE INDEX media_user ON media (user_uuid);
CREATE INDEX media_unfinished ON media (expires_at) WHERE uploaded_at IS NULL;
