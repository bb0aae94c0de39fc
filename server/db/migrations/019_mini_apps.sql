-- Mini apps (issue 17, spec part 2 §3 and §7): which catalogue entries are web mini apps and
-- where they load; the sign-on clients (only a digest of each secret); short-lived single-use
-- sign-on grants (only digests); ratings, last activity and storage per user per mini app; the
-- demo mini apps' own backend secrets; and the courses of skills corner and digital class with
-- each user's progress.
ALTER TABLE mini_apps ADD COLUMN kind text NOT NULL DEFAULT 'native' CHECK (kind IN ('native', 'web'));
ALTER TABLE mini_apps ADD COLUMN entry_path text;

CREATE TABLE mini_app_clients (
  mini_app_uuid text PRIMARY KEY REFERENCES mini_apps (mini_app_uuid) ON DELETE CASCADE,
  secret_hash   text NOT NULL
);

CREATE TABLE mini_app_sso_grants (
  grant_hash    text PRIMARY KEY,
  mini_app_uuid text NOT NULL REFERENCES mini_apps (mini_app_uuid) ON DELETE CASCADE,
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  created_at    bigint NOT NULL,
  expires_at    bigint NOT NULL,
  used_at       bigint
);
CREATE INDEX mini_app_sso_grants_expiry ON mini_app_sso_grants (expires_at);

CREATE TABLE mini_app_ratings (
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  mini_app_uuid text NOT NULL REFERENCES mini_apps (mini_app_uuid) ON DELETE CASCADE,
  rating        smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  updated_at    bigint NOT NULL,
  PRIMARY KEY (user_uuid, mini_app_uuid)
);
CREATE INDEX mini_app_ratings_app ON mini_app_ratings (mini_app_uuid);

CREATE TABLE mini_app_activity (
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  mini_app_uuid text NOT NULL REFERENCES mini_apps (mini_app_uuid) ON DELETE CASCADE,
  activity      text NOT NULL,
  score         integer,
  times         integer NOT NULL DEFAULT 1,
  updated_at    bigint NOT NULL,
  PRIMARY KEY (user_uuid, mini_app_uuid)
);

CREATE TABLE mini_app_storage (
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  mini_app_uuid text NOT NULL REFERENCES mini_apps (mini_app_uuid) ON DELETE CASCADE,
  key           text NOT NULL CHECK (length(key) BETWEEN 1 AND 64),
  value         text NOT NULL CHECK (length(value) <= 4096),
  updated_at    bigint NOT NULL,
  PRIMARY KEY (user_uuid, mini_app_uuid, key)
);

-- The demo mini apps' backends keep their client secret here (a real mini app keeps it on its own server).
CREATE TABLE mini_app_demo_secrets (
  slug   text PRIMARY KEY,
  secret text NOT NULL
);

CREATE TABLE lesson_progress (
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  lesson_id   text NOT NULL,
  course_id   text NOT NULL,
  percent     smallint NOT NULL CHECK (percent BETWEEN 0 AND 100),
  updated_at  bigint NOT NULL,
  PRIMARY KEY (user_uuid, lesson_id)
);
