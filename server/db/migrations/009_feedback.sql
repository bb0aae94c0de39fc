-- App feedback (spec part 1 §7 "/bot/send-feedback"): what a user thought of the app, with an
-- optional contact email and an optional screenshot (a finished 'feedback' upload of theirs).
-- Rows go with the profile; a screenshot row going away leaves the feedback without it.
CREATE TABLE feedback (
  feedback_uuid   uuid PRIMARY KEY,
  user_uuid       uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  does_like       boolean NOT NULL,
  content         text NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  email           text NOT NULL DEFAULT '',
  screenshot_uuid uuid REFERENCES media (media_uuid) ON DELETE SET NULL,
  created_at      bigint NOT NULL
);
CREATE INDEX feedback_user ON feedback (user_uuid);
