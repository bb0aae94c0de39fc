-- Accounts: users, sign-in codes and their limits, sessions and tokens, mobile codes.
-- Times are epoch milliseconds (bigint) from the server's clock. Secrets that grant access
-- (session ids, login tokens, media tokens) are stored as SHA-256 hex digests, never as is.
-- Every table that holds a user's data references users ON DELETE CASCADE, so deleting the
-- profile removes it all (add the same to every future table of user data).

CREATE TABLE users (
  user_uuid     uuid PRIMARY KEY,
  mobile        text NOT NULL UNIQUE,
  country_code  text NOT NULL CHECK (country_code IN ('IN', 'SG', 'TH')),
  name          text NOT NULL DEFAULT '',
  email         text NOT NULL DEFAULT '',
  gender        text CHECK (gender IN ('male', 'female')),
  dob_year      integer,
  dob_month     integer,
  dob_day       integer,
  state_code    text,
  city          text NOT NULL DEFAULT '',
  photo_uuid    uuid,
  language      text,
  custom_code   text,
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL
);

-- One row per mobile number that ever asked for a code: the row transactions lock (FOR UPDATE)
-- to serialise sign-in attempts of one number, and where a lock after abuse is kept.
CREATE TABLE otp_numbers (
  mobile        text PRIMARY KEY,
  locked_until  bigint
);

CREATE TABLE otp_codes (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mobile        text NOT NULL REFERENCES otp_numbers (mobile) ON DELETE CASCADE,
  code          text NOT NULL,
  created_at    bigint NOT NULL,
  expires_at    bigint NOT NULL,
  attempts      integer NOT NULL DEFAULT 0,
  used_at       bigint,
  superseded_at bigint
);
CREATE INDEX otp_codes_mobile_created ON otp_codes (mobile, created_at);

CREATE TABLE otp_failures (
  mobile        text NOT NULL REFERENCES otp_numbers (mobile) ON DELETE CASCADE,
  at            bigint NOT NULL
);
CREATE INDEX otp_failures_mobile_at ON otp_failures (mobile, at);

CREATE TABLE login_tokens (
  token_hash    text PRIMARY KEY,
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  created_at    bigint NOT NULL,
  expires_at    bigint NOT NULL,
  revoked_at    bigint
);
CREATE INDEX login_tokens_user ON login_tokens (user_uuid);

CREATE TABLE sessions (
  id_hash           text PRIMARY KEY,
  user_uuid         uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  login_token_hash  text REFERENCES login_tokens (token_hash) ON DELETE SET NULL,
  client_session_id text NOT NULL,
  created_at        bigint NOT NULL,
  expires_at        bigint NOT NULL,
  ended_at          bigint
);
CREATE INDEX sessions_user ON sessions (user_uuid);
CREATE INDEX sessions_login_token ON sessions (login_token_hash);

CREATE TABLE media_tokens (
  token_hash    text PRIMARY KEY,
  session_hash  text NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE,
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  created_at    bigint NOT NULL,
  expires_at    bigint NOT NULL
);
CREATE INDEX media_tokens_session ON media_tokens (session_hash);
CREATE INDEX media_tokens_user ON media_tokens (user_uuid);

CREATE TABLE mobile_codes (
  code          text PRIMARY KEY,
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  created_at    bigint NOT NULL,
  expires_at    bigint NOT NULL
);
CREATE INDEX mobile_codes_user ON mobile_codes (user_uuid);
