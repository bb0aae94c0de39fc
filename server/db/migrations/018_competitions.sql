-- Competition zone (spec part 2 §3 Competition, issue 16). A competition's phase is not stored:
-- it follows from its dates (upcoming before opens_at, open until closes_at, judging until
-- results_at, results after), so it can never disagree with the clock.

CREATE TABLE competitions (
  competition_uuid  uuid PRIMARY KEY,
  -- drawing, essay_photo (a photo of a handwritten essay), science_video...
  category          text NOT NULL CHECK (length(category) BETWEEN 1 AND 40),
  -- What a submission's files may be: image or video.
  media_kind        text NOT NULL CHECK (media_kind IN ('image', 'video')),
  max_media         integer NOT NULL CHECK (max_media BETWEEN 1 AND 20),
  -- How many submissions one user may make (usually 1).
  max_submissions   integer NOT NULL DEFAULT 1 CHECK (max_submissions BETWEEN 1 AND 10),
  opens_at          bigint NOT NULL,
  closes_at         bigint NOT NULL,
  results_at        bigint NOT NULL,
  -- Title, description, rules and prizes per language: {"en": {"title": ..., ...}, "te": ...}.
  texts             jsonb NOT NULL,
  created_at        bigint NOT NULL,
  CHECK (opens_at < closes_at AND closes_at <= results_at)
);
CREATE INDEX competitions_closes ON competitions (closes_at);

CREATE TABLE competition_submissions (
  submission_uuid   uuid PRIMARY KEY,
  competition_uuid  uuid NOT NULL REFERENCES competitions (competition_uuid) ON DELETE CASCADE,
  user_uuid         uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  -- The participant's name and grade as entered (shown on the entry, leaderboard and certificate).
  user_name         text NOT NULL,
  user_grade        text NOT NULL,
  media_kind        text NOT NULL CHECK (media_kind IN ('image', 'video')),
  -- Moderation: others see an entry only once approved.
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  -- The judges' score (0 to 100), set after the competition closes.
  score             numeric(5, 2) CHECK (score BETWEEN 0 AND 100),
  created_at        bigint NOT NULL
);
CREATE INDEX competition_submissions_entries ON competition_submissions (competition_uuid, created_at DESC);
CREATE INDEX competition_submissions_user ON competition_submissions (user_uuid, competition_uuid);

-- The files of a submission, in the order chosen. A file belongs to one submission only.
CREATE TABLE competition_submission_media (
  submission_uuid   uuid NOT NULL REFERENCES competition_submissions (submission_uuid) ON DELETE CASCADE,
  position          integer NOT NULL,
  media_uuid        uuid NOT NULL UNIQUE REFERENCES media (media_uuid) ON DELETE CASCADE,
  PRIMARY KEY (submission_uuid, position)
);

-- A certificate per participant of a competition with results: its PDF is a media row (purpose
-- certificate, owned by the user) served by GET /api/media/{id} with the media token.
CREATE TABLE competition_certificates (
  certificate_uuid  uuid PRIMARY KEY,
  competition_uuid  uuid NOT NULL REFERENCES competitions (competition_uuid) ON DELETE CASCADE,
  user_uuid         uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  media_uuid        uuid NOT NULL REFERENCES media (media_uuid) ON DELETE CASCADE,
  rank              integer,
  created_at        bigint NOT NULL,
  UNIQUE (competition_uuid, user_uuid)
);

-- Uploads for a competition (tied to it) and generated certificates are media too.
ALTER TABLE media DROP CONSTRAINT media_purpose_check;
ALTER TABLE media ADD CONSTRAINT media_purpose_check CHECK (purpose IN ('chat', 'feedback', 'profile', 'competition', 'certificate'));
ALTER TABLE media ADD COLUMN competition_uuid uuid REFERENCES competitions (competition_uuid) ON DELETE CASCADE;
