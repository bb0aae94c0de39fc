-- Discovery (spec part 1 §3 "Discovery page", §7 get-discovery-page-v2, search-v2,
-- get-recent-activity-page): what discovery knows of a bot beyond the bots row (category, when it
-- was launched, a base subscriber count, whether it is featured), the mini apps, and who
-- subscribed to (and pinned) which mini app. Demo rows are seeded at every start.

CREATE TABLE bot_discovery (
  bot_uuid        text PRIMARY KEY REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  category        text NOT NULL,
  launch_time     bigint NOT NULL,
  subscriber_base integer NOT NULL DEFAULT 0 CHECK (subscriber_base >= 0),
  featured        boolean NOT NULL DEFAULT false
);
CREATE INDEX bot_discovery_launch ON bot_discovery (launch_time DESC);

CREATE TABLE mini_apps (
  mini_app_uuid text PRIMARY KEY CHECK (mini_app_uuid ~ '^[0-9]{16}$'),
  name          text NOT NULL,
  description   text NOT NULL DEFAULT '',
  icon          text NOT NULL DEFAULT '',
  category      text NOT NULL,
  path          text NOT NULL,
  rank          integer NOT NULL DEFAULT 0,
  updated_at    bigint NOT NULL
);

CREATE TABLE mini_app_subscriptions (
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  mini_app_uuid text NOT NULL REFERENCES mini_apps (mini_app_uuid) ON DELETE CASCADE,
  subscribed_at bigint NOT NULL,
  pinned_at     bigint,
  PRIMARY KEY (user_uuid, mini_app_uuid)
);
