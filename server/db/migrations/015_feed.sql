-- The feed (spec part 2 §1–§9 feed parts; issue 13): posts and notifications written by bots,
-- and what each user did with them. Counts are never stored: they are counted from the rows of
-- votes, answers, reactions and views, whose primary keys allow one row per user (one vote per
-- poll, one answer per question, one reaction per post, one view per post), so concurrent writes
-- can neither lose nor double a count. Texts are jsonb {en, hi, gu, mr, te}; a request reads its
-- language, English when a translation is missing.
CREATE TABLE feed_posts (
  post_uuid      uuid PRIMARY KEY,
  -- publication order: the socket watcher announces posts past the last seq it saw
  seq            bigserial UNIQUE,
  bot_uuid       text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  subtype        text NOT NULL CHECK (length(subtype) BETWEEN 1 AND 40),
  title          jsonb NOT NULL,
  body           jsonb NOT NULL DEFAULT '{}'::jsonb,
  media          jsonb,
  deep_link      text NOT NULL DEFAULT '',
  multiple       boolean NOT NULL DEFAULT false,
  allow_custom_response boolean NOT NULL DEFAULT false,
  created_at     bigint NOT NULL
);
CREATE INDEX feed_posts_newest ON feed_posts (created_at DESC, post_uuid DESC);

-- a quiz's questions; a question post has one (with no correct option)
CREATE TABLE feed_questions (
  question_uuid  uuid PRIMARY KEY,
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  position       int NOT NULL,
  text           jsonb NOT NULL,
  correct_option_uuid uuid,
  UNIQUE (post_uuid, position)
);

-- poll options (question_uuid null) and question options
CREATE TABLE feed_options (
  option_uuid    uuid PRIMARY KEY,
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  question_uuid  uuid REFERENCES feed_questions (question_uuid) ON DELETE CASCADE,
  position       int NOT NULL,
  text           jsonb NOT NULL
);
CREATE INDEX feed_options_post ON feed_options (post_uuid, question_uuid, position);

-- a poll vote: one row per chosen option; the user's rows are replaced together
CREATE TABLE feed_poll_votes (
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  option_uuid    uuid NOT NULL REFERENCES feed_options (option_uuid) ON DELETE CASCADE,
  PRIMARY KEY (post_uuid, user_uuid, option_uuid)
);
CREATE INDEX feed_poll_votes_option ON feed_poll_votes (option_uuid);

-- one per user per poll: when they voted, their custom response, and the lock a vote change takes
CREATE TABLE feed_poll_voters (
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  custom_response text,
  voted_at       bigint NOT NULL,
  PRIMARY KEY (post_uuid, user_uuid)
);

CREATE TABLE feed_answers (
  question_uuid  uuid NOT NULL REFERENCES feed_questions (question_uuid) ON DELETE CASCADE,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  option_uuid    uuid NOT NULL REFERENCES feed_options (option_uuid) ON DELETE CASCADE,
  answered_at    bigint NOT NULL,
  PRIMARY KEY (question_uuid, user_uuid)
);
CREATE INDEX feed_answers_option ON feed_answers (option_uuid);

CREATE TABLE feed_reactions (
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  reaction       text NOT NULL,
  reacted_at     bigint NOT NULL,
  PRIMARY KEY (post_uuid, user_uuid)
);

CREATE TABLE feed_saves (
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  saved_at       bigint NOT NULL,
  PRIMARY KEY (post_uuid, user_uuid)
);
CREATE INDEX feed_saves_user ON feed_saves (user_uuid, saved_at DESC);

CREATE TABLE feed_views (
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  viewed_at      bigint NOT NULL,
  PRIMARY KEY (post_uuid, user_uuid)
);

-- notifications of the feed: for every user (user_uuid null) or for one
CREATE TABLE feed_notifications (
  notification_uuid uuid PRIMARY KEY,
  user_uuid      uuid REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid       text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  subtype        text NOT NULL CHECK (length(subtype) BETWEEN 1 AND 40),
  title          jsonb NOT NULL,
  body           jsonb NOT NULL DEFAULT '{}'::jsonb,
  deep_link      text NOT NULL DEFAULT '',
  created_at     bigint NOT NULL
);
CREATE INDEX feed_notifications_newest ON feed_notifications (created_at DESC, notification_uuid DESC);

-- my activity: one row per user, post and kind of act (a changed vote moves its row's time)
CREATE TABLE feed_activity (
  activity_uuid  uuid PRIMARY KEY,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  post_uuid      uuid NOT NULL REFERENCES feed_posts (post_uuid) ON DELETE CASCADE,
  -- for quiz answers: which question (a quiz has several), else the nil uuid
  question_uuid  uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  type           text NOT NULL,
  detail         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at     bigint NOT NULL,
  UNIQUE (user_uuid, post_uuid, type, question_uuid)
);
CREATE INDEX feed_activity_user ON feed_activity (user_uuid, created_at DESC);
