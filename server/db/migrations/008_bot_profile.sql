-- Bot profile and bot actions (spec part 1 §3 review, report; §7 ratings, reviews, FAQs, counts,
-- report). The per-user conversation flags (pinned, mute, block, archive) already live in the
-- conversations table of 002. Demo content (FAQs, reviews by demo users, report reasons) is
-- seeded at start by server/bot-profile/seed.ts.

-- A demo baseline of subscribers per bot (the demo has few real users); the count served is
-- this plus the real subscriptions.
CREATE TABLE bot_profiles (
  bot_uuid          text PRIMARY KEY REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  subscriber_base   integer NOT NULL DEFAULT 0 CHECK (subscriber_base >= 0),
  rating_base_sum   integer NOT NULL DEFAULT 0 CHECK (rating_base_sum >= 0),
  rating_base_count integer NOT NULL DEFAULT 0 CHECK (rating_base_count >= 0)
);

CREATE TABLE bot_faqs (
  bot_uuid   text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  position   integer NOT NULL,
  question   text NOT NULL,
  answer     text NOT NULL,
  PRIMARY KEY (bot_uuid, position)
);

CREATE TABLE bot_ratings (
  user_uuid  uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid   text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_uuid, bot_uuid)
);

-- One review per user and bot: submitting again edits it.
CREATE TABLE bot_reviews (
  review_uuid uuid PRIMARY KEY,
  bot_uuid    text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  review      text NOT NULL,
  created_at  bigint NOT NULL,
  updated_at  bigint NOT NULL,
  UNIQUE (bot_uuid, user_uuid)
);
CREATE INDEX bot_reviews_newest ON bot_reviews (bot_uuid, created_at DESC);

-- One vote per user and review (the key): a replayed vote cannot count twice.
CREATE TABLE review_votes (
  review_uuid uuid NOT NULL REFERENCES bot_reviews (review_uuid) ON DELETE CASCADE,
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  vote        smallint NOT NULL CHECK (vote IN (1, -1)),
  PRIMARY KEY (review_uuid, user_uuid)
);

CREATE TABLE report_reasons (
  reason_uuid uuid PRIMARY KEY,
  position    integer NOT NULL,
  reason      text NOT NULL
);

CREATE TABLE bot_reports (
  report_uuid uuid PRIMARY KEY,
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid    text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  reason_uuid uuid NOT NULL REFERENCES report_reasons (reason_uuid),
  email       text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  block       boolean NOT NULL,
  created_at  bigint NOT NULL
);
CREATE INDEX bot_reports_user ON bot_reports (user_uuid);
